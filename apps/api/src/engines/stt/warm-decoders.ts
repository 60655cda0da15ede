/**
 * pocketsphinx decoders that stay loaded between recordings (issue 25, docs/decisions/030).
 * Loading the acoustic and language models costs a decoder process 0.6–0.7 CPU-s before it hears
 * anything, once per segment of a live recording when every segment started its own process: on
 * the critical path after Stop, and 15–25 % of the recogniser's CPU while recording.
 *
 * `pocketsphinx_batch` reads its control file a line at a time and writes each utterance's
 * results unbuffered as soon as it is decoded, so one process fed through a named pipe decodes
 * utterance after utterance. Each request is the recording's line followed by a tiny "sentinel"
 * utterance: the results come in control-file order, hypothesis line first and then the words,
 * so the sentinel's hypothesis line marks the end of the recording's words.
 *
 * A decoder keeps no state from one utterance to the next with dither off (cepstral mean
 * normalisation is per utterance in batch mode): the same audio gives the same words and
 * confidences whatever was decoded before (`sphinx.stt.test.ts`). Dither is done here instead,
 * on digital silence only (`fillDigitalSilence`).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { Socket } from 'node:net';
import path from 'node:path';
import { spawnBound } from '../../lib/spawn-bound';
import { SpeechToTextError } from './speech-to-text';

/** Scratch folders are named after the process that made them (`sweepStaleWorkDirs`). */
export const WORK_DIR_PREFIX = 'clerkly-stt-';

/** RAM-backed /dev/shm where there is one, so recordings do not touch a disk. */
export async function scratchRoot(): Promise<string> {
  try {
    await access('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

export interface DecoderCommand {
  binary: string;
  /** Model and search arguments: everything but the files a warm decoder manages itself. */
  args: readonly string[];
  /** Added to the server's own niceness (a process may not lower it again, so it is per decoder). */
  niceness: number;
}

export interface WarmDecoderOptions {
  /** An idle decoder exits after this long (each holds ~100 MB of models). */
  idleMs?: number;
  /** Idle decoders kept at most, over all models and priorities. */
  maxIdle?: number;
}

const SENTINEL = 'sentinel';
/** 0.1 s of near silence at 16 kHz: decodes in a few milliseconds. */
const SENTINEL_AUDIO = Buffer.alloc(3200, 1);
const CTM_LINE = /^(\S+) \S+ \S+ \S+ \S+ \S+$/;
const HYPOTHESIS_LINE = /\((\S+) -?\d+\)$/;

/**
 * Digital silence (zeros, as in padded or merged recordings) has no spectrum and comes out as a
 * long phantom word. pocketsphinx's own dither would prevent that, but its random numbers run on
 * from one utterance to the next, so a warm decoder's results would depend on what it decoded
 * before. Exact zeros get ±1 of noise from a fixed seed instead: the same audio, the same input.
 */
function fillDigitalSilence(pcm: Buffer): Buffer {
  const out = Buffer.from(pcm);
  let state = 1;
  for (let offset = 0; offset + 1 < out.length; offset += 2) {
    if (out.readInt16LE(offset) !== 0) continue;
    // A 32-bit xorshift: cheap, deterministic, and spread evenly over −1, 0 and +1.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out.writeInt16LE(((state >>> 0) % 3) - 1, offset);
  }
  return out;
}

interface Job {
  id: string;
  lines: string[];
  heard: boolean;
  resolve: (ctm: string) => void;
  reject: (error: Error) => void;
}

const toError = (reason: unknown): Error =>
  reason instanceof Error ? reason : new Error('The operation was aborted.');

class WarmDecoder {
  private pending = '';
  private job: Job | null = null;
  private sequence = 0;
  private exit: Error | null = null;
  idleTimer: NodeJS.Timeout | null = null;

  private constructor(
    readonly key: string,
    private readonly child: ChildProcess,
    private readonly control: number,
    private readonly output: Socket,
    private readonly dir: string,
  ) {
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.read(chunk));
    output.on('error', (error) => this.stop(error));
    child.on('error', (error) =>
      this.stop(
        new SpeechToTextError(
          'engine-unavailable',
          'The offline speech-to-text engine could not start.',
          { cause: error },
        ),
      ),
    );
    child.on('exit', (code, signal) =>
      this.stop(
        new SpeechToTextError(
          'engine-failed',
          `The offline speech-to-text engine failed (pocketsphinx exit ${code ?? signal}).`,
        ),
      ),
    );
  }

  static async start(key: string, command: DecoderCommand, root: string): Promise<WarmDecoder> {
    const dir = await mkdtemp(path.join(root, `${WORK_DIR_PREFIX}${process.pid}-warm-`));
    const control = path.join(dir, 'control.fifo');
    const results = path.join(dir, 'results.fifo');
    const made = spawnSync('mkfifo', ['-m', '600', control, results]);
    if (made.status !== 0) {
      await rm(dir, { recursive: true, force: true });
      throw new SpeechToTextError(
        'engine-unavailable',
        'The offline speech-to-text engine could not make its pipes (mkfifo).',
      );
    }
    await writeFile(path.join(dir, `${SENTINEL}.raw`), SENTINEL_AUDIO, { mode: 0o600 });
    // Opened read-write, neither end waits for the other: the decoder finds its control file
    // ready, and the results pipe never reads as ended while the decoder starts.
    const controlFd = openSync(control, constants.O_RDWR);
    const resultsFd = openSync(results, constants.O_RDWR | constants.O_NONBLOCK);
    const output = new Socket({ fd: resultsFd, readable: true, writable: false });
    // prettier-ignore
    const child = spawnBound(command.binary, [
      ...command.args,
      '-cepdir', dir, '-cepext', '.raw', '-ctl', control, '-hyp', results, '-ctm', results,
    ], { stdio: 'ignore' });
    if (command.niceness > 0 && child.pid !== undefined) {
      // Relative to the server's own niceness (a server already running at 19 stays there), and
      // best effort: a process that may not change a child's priority still decodes.
      try {
        setPriority(child.pid, Math.min(19, getPriority() + command.niceness));
      } catch {
        // left at the server's priority
      }
    }
    // Idle decoders must not keep the server (or a test run) alive.
    child.unref();
    output.unref();
    return new WarmDecoder(key, child, controlFd, output, dir);
  }

  get alive(): boolean {
    return this.exit === null;
  }

  /** The CTM lines of one utterance: `<id> <channel> <start> <duration> <word> <confidence>`. */
  async decode(pcm: Buffer, timeoutMs: number, signal: AbortSignal): Promise<string> {
    if (this.exit) throw this.exit;
    if (signal.aborted) throw toError(signal.reason);
    this.sequence += 1;
    const id = `u${this.sequence}`;
    const file = path.join(this.dir, `${id}.raw`);
    await writeFile(file, fillDigitalSilence(pcm), { mode: 0o600 });
    try {
      return await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.stop(
            new SpeechToTextError(
              'timeout',
              `The offline speech-to-text engine did not finish within ${Math.round(timeoutMs / 1000)} s.`,
            ),
          );
        }, timeoutMs);
        const onAbort = (): void => this.stop(toError(signal.reason));
        signal.addEventListener('abort', onAbort, { once: true });
        const settle = (): void => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          this.job = null;
        };
        this.job = {
          id,
          lines: [],
          heard: false,
          resolve: (ctm) => {
            settle();
            resolve(ctm);
          },
          reject: (error) => {
            settle();
            reject(error);
          },
        };
        if (this.exit) return this.job.reject(this.exit);
        // Cancelled while its audio was being written: no decoding starts.
        if (signal.aborted) return onAbort();
        writeSync(this.control, `${id}\n${SENTINEL}\n`);
      });
    } finally {
      await rm(file, { force: true });
    }
  }

  private read(chunk: string): void {
    this.pending += chunk;
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      this.line(line);
      newline = this.pending.indexOf('\n');
    }
  }

  private line(line: string): void {
    const job = this.job;
    if (!job) return;
    const hypothesis = HYPOTHESIS_LINE.exec(line);
    if (hypothesis) {
      if (hypothesis[1] === job.id) job.heard = true;
      else if (hypothesis[1] === SENTINEL) {
        if (job.heard) job.resolve(job.lines.join('\n'));
        else
          job.reject(
            new SpeechToTextError(
              'engine-failed',
              'The offline speech-to-text engine produced no result.',
            ),
          );
      }
      return;
    }
    if (CTM_LINE.exec(line)?.[1] === job.id) job.lines.push(line);
  }

  /** Ends the decoder (for good): its job, if any, fails with `error`. */
  stop(error: Error): void {
    if (this.exit) return;
    this.exit = error;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.child.kill('SIGKILL');
    this.output.destroy();
    try {
      closeSync(this.control);
    } catch {
      // already closed
    }
    // The folder holds the audio being decoded (privacy).
    void rm(this.dir, { recursive: true, force: true });
    this.job?.reject(error);
  }
}

const keyOf = (command: DecoderCommand): string =>
  JSON.stringify([command.binary, command.args, command.niceness]);

const closing = () => new SpeechToTextError('engine-failed', 'The speech-to-text engine closed.');

/** Decoders by model and priority, started on first use and kept warm while they are used. */
export class WarmDecoderPool {
  private readonly idle: WarmDecoder[] = [];
  private readonly busy = new Set<WarmDecoder>();
  /** Decoders started ahead of need (`prewarm`), not yet idle or claimed. */
  private readonly warming: { key: string; decoder: Promise<WarmDecoder> }[] = [];
  private readonly idleMs: number;
  private readonly maxIdle: number;
  private closed = false;
  /** Decoder processes started so far (each one paid the model load). */
  started = 0;

  constructor(options: WarmDecoderOptions = {}) {
    this.idleMs = options.idleMs ?? 60_000;
    this.maxIdle = options.maxIdle ?? 4;
  }

  async decode(
    command: DecoderCommand,
    pcm: Buffer,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<string> {
    if (this.closed) throw closing();
    const key = keyOf(command);
    const decoder = this.take(key) ?? (await (this.claimWarming(key) ?? this.start(key, command)));
    this.busy.add(decoder);
    try {
      return await decoder.decode(pcm, options.timeoutMs, options.signal);
    } catch (error) {
      decoder.stop(toError(error));
      throw error;
    } finally {
      this.busy.delete(decoder);
      this.release(decoder);
    }
  }

  /**
   * Has `count` decoders of `command` loaded and idle, starting the missing ones in the
   * background, and keeps the idle ones from retiring for another `idleMs`: a session still
   * recording readies the decoders its Stop will need, so none starts cold after Stop.
   */
  prewarm(command: DecoderCommand, count: number): void {
    if (this.closed) return;
    const key = keyOf(command);
    const ready = this.idle.filter((decoder) => decoder.key === key && decoder.alive);
    for (const decoder of ready) this.keepIdle(decoder);
    // Busy ones count: they are back in a moment.
    let have =
      ready.length +
      [...this.busy].filter((decoder) => decoder.key === key).length +
      this.warming.filter((entry) => entry.key === key).length;
    for (; have < count; have += 1) {
      const entry = { key, decoder: this.start(key, command) };
      this.warming.push(entry);
      const unclaimed = (): boolean => {
        const index = this.warming.indexOf(entry);
        if (index >= 0) this.warming.splice(index, 1);
        return index >= 0;
      };
      entry.decoder.then(
        (decoder) => {
          if (unclaimed()) this.release(decoder);
        },
        // A decoder that cannot start fails the decode that needs one, with the reason.
        unclaimed,
      );
    }
  }

  /** Stops every decoder (the server is shutting down). */
  close(): void {
    this.closed = true;
    for (const decoder of [...this.idle, ...this.busy]) decoder.stop(closing());
    this.idle.length = 0;
    for (const entry of this.warming.splice(0)) {
      entry.decoder.then(
        (decoder) => decoder.stop(closing()),
        () => undefined,
      );
    }
  }

  private async start(key: string, command: DecoderCommand): Promise<WarmDecoder> {
    this.started += 1;
    return WarmDecoder.start(key, command, await scratchRoot());
  }

  private claimWarming(key: string): Promise<WarmDecoder> | null {
    const index = this.warming.findIndex((entry) => entry.key === key);
    return index < 0 ? null : this.warming.splice(index, 1)[0]!.decoder;
  }

  private take(key: string): WarmDecoder | null {
    // One that died while idle (killed from outside) is forgotten.
    for (const dead of this.idle.filter((decoder) => !decoder.alive)) {
      this.idle.splice(this.idle.indexOf(dead), 1);
    }
    const index = this.idle.findIndex((decoder) => decoder.key === key);
    if (index < 0) return null;
    const [decoder] = this.idle.splice(index, 1);
    if (decoder?.idleTimer) clearTimeout(decoder.idleTimer);
    return decoder ?? null;
  }

  private release(decoder: WarmDecoder): void {
    if (!decoder.alive) return;
    if (this.closed) return decoder.stop(closing());
    this.idle.push(decoder);
    this.keepIdle(decoder);
    // Over the limit, the decoder idle longest goes first.
    while (this.idle.length > this.maxIdle) this.retire(this.idle[0]!);
  }

  private keepIdle(decoder: WarmDecoder): void {
    if (decoder.idleTimer) clearTimeout(decoder.idleTimer);
    decoder.idleTimer = setTimeout(() => this.retire(decoder), this.idleMs);
    decoder.idleTimer.unref();
  }

  private retire(decoder: WarmDecoder): void {
    const index = this.idle.indexOf(decoder);
    if (index >= 0) this.idle.splice(index, 1);
    decoder.stop(new SpeechToTextError('engine-failed', 'The decoder was idle.'));
  }
}
