import { constants } from 'node:fs';
import { access, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiPackageRoot } from '../../lib/paths';
import { planChunks } from '../audio/split-at-silences';
import { TARGET_SAMPLE_RATE, pcm16ToBytes } from '../audio/wav';
import { clinicianModel, clinicianPhrases } from './language-model/clinician-model';
import { prepareAudio, type AudioLimits } from './prepare-audio';
import { runInParallel } from './run-in-parallel';
import {
  SpeechToTextError,
  segmentsFromWords,
  silentLogger,
  type AudioInput,
  type EngineLogger,
  type SpeechToText,
  type TranscribeOptions,
  type Transcript,
  type TranscriptWord,
} from './speech-to-text';
import {
  WORK_DIR_PREFIX,
  WarmDecoderPool,
  scratchRoot,
  type DecoderCommand,
  type WarmDecoderOptions,
} from './warm-decoders';

/**
 * The embedded default: CMU pocketsphinx from Debian's packages, fully offline (issue 4).
 * Long recordings are cut at pauses and the pieces decoded by one pocketsphinx process per core,
 * then stitched together with their time offsets; the processes stay loaded between recordings
 * (`warm-decoders.ts`). It is the offline fallback, not the accuracy
 * target.
 *
 * Why `pocketsphinx_batch` and not `pocketsphinx_continuous`: batch decodes each piece as one
 * utterance with cepstral mean normalisation over the whole piece, where continuous starts every
 * recording from a fixed guess and mishears its first seconds. Measured on Debian's LibriVox
 * clips: 26.8 % WER against 35.2 %, and no clip over 40 %. Voice detection stays off
 * (`-remove_silence no`) because it drops silent frames and the word times would drift.
 */

export interface SphinxOptions extends AudioLimits {
  /**
   * Per chunk, at least: a ~30 s chunk takes ~10 s of CPU, so this only catches a hung
   * decoder. It is stretched to 20x the chunk's length, because on a machine shared with other
   * work a decoder can get a small share of a core (measured: RTF 6 under load 11 on 2 cores).
   */
  timeoutMs: number;
  logger?: EngineLogger;
  /** Default `pocketsphinx_batch` from PATH (Debian package `pocketsphinx`). */
  binary?: string;
  /** Default the US English model of Debian package `pocketsphinx-en-us`. */
  modelDir?: string;
  /**
   * Language model and dictionary (default: the general English ones in `modelDir`). The
   * consultation model of issue 15 is `speech-model/consultation.lm` and `.dict`.
   */
  languageModel?: string;
  dictionary?: string;
  /** Extra decoder arguments (`-lw`, `-wip`, ...), after the defaults so they override them. */
  decoderArgs?: readonly string[];
  /**
   * Word posteriors from the search's lattice (`-bestpath yes`, default on): the confidence each
   * word carries to the clinician (issue 24). Off, pocketsphinx writes 1.000 for every word,
   * which is no confidence at all, so none is kept.
   */
  wordPosteriors?: boolean;
  /** Decoders running at once (default: every core). */
  parallelism?: number;
  /** How long idle decoders stay loaded, and how many (`warm-decoders.ts`). */
  decoders?: WarmDecoderOptions;
  maxChunkSeconds?: number;
  minChunkSeconds?: number;
}

/**
 * CPU priority (nice) of decoders nobody waits for yet (issue 25): drafts of sessions still
 * recording yield the CPU to a stopped session's decoders and to note writing when the machine is
 * full, and still get all of it when it is not.
 */
const DRAFT_NICENESS = 3;

export const SPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** Where `npm run build:speech-model` writes the consultation model (committed, issue 15). */
export const SPEECH_MODEL_DIR = path.join(apiPackageRoot(), 'speech-model');

/**
 * The consultation language model and its dictionary (docs/decisions/011), with the decoder
 * settings tuned for it on a development set spoken from train dialogues.
 */
export const CONSULTATION_MODEL = {
  languageModel: path.join(SPEECH_MODEL_DIR, 'consultation.lm'),
  dictionary: path.join(SPEECH_MODEL_DIR, 'consultation.dict'),
  decoderArgs: ['-lw', '8'],
} as const satisfies Partial<SphinxOptions>;
const SPHINX_BINARY = 'pocketsphinx_batch';
const INSTALL_HINT = 'apt-get install pocketsphinx pocketsphinx-en-us';

interface Installation {
  binary: string;
  hmm: string;
  lm: string;
  dict: string;
}

async function exists(file: string, mode = constants.R_OK): Promise<boolean> {
  try {
    await access(file, mode);
    return true;
  } catch {
    return false;
  }
}

async function findExecutable(name: string): Promise<string | null> {
  if (name.includes('/')) return (await exists(name, constants.X_OK)) ? name : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (await exists(candidate, constants.X_OK)) return candidate;
  }
  return null;
}

/** No live transcription leaves its folder untouched this long (a chunk times out sooner). */
const STALE_WORK_DIR_MS = 60 * 60 * 1000;

const ownerAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes chunk folders left behind by a process that was killed mid-transcription: `finally`
 * does not run under SIGKILL, and the folder holds the patient's audio (privacy). A folder is
 * named after the process that made it; one whose process is gone is removed at once (issue 9:
 * cleaned at the next start), any other only when untouched for an hour.
 */
export async function sweepStaleWorkDirs(root?: string, now = Date.now()): Promise<number> {
  const dir = root ?? (await scratchRoot());
  let removed = 0;
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const entry of entries.filter((name) => name.startsWith(WORK_DIR_PREFIX))) {
    const folder = path.join(dir, entry);
    const info = await stat(folder).catch(() => null);
    if (!info?.isDirectory()) continue;
    const owner = Number(/^clerkly-stt-(\d+)-/.exec(entry)?.[1]);
    const orphaned = Number.isInteger(owner) && owner !== process.pid && !ownerAlive(owner);
    if (orphaned || now - info.mtimeMs > STALE_WORK_DIR_MS) {
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/** `word(2)` is pocketsphinx's second pronunciation of `word`. */
const ALTERNATE_PRONUNCIATION = /\(\d+\)$/;
/** `<s>`, `</s>`, `<sil>`, `[NOISE]`, `[SPEECH]`, `++BREATH++`, `(NULL)`: not words. */
const NON_WORD = /^(<.*>|\[.*\]|\+\+.*\+\+|\(NULL\))$/;

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * Reads pocketsphinx's CTM output (`utterance channel start duration word confidence`, one
 * line per word, times relative to the utterance) into words on the recording's clock.
 */
export function parseCtm(
  ctm: string,
  offsetSeconds: number,
  withConfidence = true,
): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  for (const line of ctm.split('\n')) {
    const [, , start, duration, token, confidence] = line.trim().split(/\s+/);
    if (token === undefined || NON_WORD.test(token)) continue;
    const begin = Number(start);
    const length = Number(duration);
    if (!Number.isFinite(begin) || !Number.isFinite(length)) continue;
    const word: TranscriptWord = {
      word: token.replace(ALTERNATE_PRONUNCIATION, '').toLowerCase(),
      start: round(begin + offsetSeconds),
      end: round(begin + length + offsetSeconds),
    };
    const posterior = Number(confidence);
    if (withConfidence && Number.isFinite(posterior))
      word.confidence = Math.min(1, Math.max(0, posterior));
    words.push(word);
  }
  return words.sort((a, b) => a.start - b.start);
}

export class SphinxSpeechToText implements SpeechToText {
  readonly kind = 'sphinx' as const;
  private readonly logger: EngineLogger;
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly parallelism: number;
  private readonly wordPosteriors: boolean;
  private readonly decoders: WarmDecoderPool;
  private installation: Promise<Installation> | null = null;

  constructor(private readonly options: SphinxOptions) {
    this.logger = options.logger ?? silentLogger;
    this.binary = options.binary ?? SPHINX_BINARY;
    this.modelDir = options.modelDir ?? SPHINX_MODEL_DIR;
    this.parallelism = Math.max(1, options.parallelism ?? availableParallelism());
    this.wordPosteriors = options.wordPosteriors ?? true;
    // Warm decoders: a waiting and a draft one per core stay loaded between segments.
    this.decoders = new WarmDecoderPool({ maxIdle: 2 * this.parallelism, ...options.decoders });
  }

  describe(): string {
    return (
      `sphinx: offline CMU pocketsphinx (model ${this.modelDir}, ${this.parallelism} parallel ` +
      'decoders); the embedded default, active because STT_ENGINE is unset or sphinx ' +
      '(STT_ENGINE=deepgram or openai selects a cloud or self-hosted service)'
    );
  }

  async check(): Promise<void> {
    await this.locate();
  }

  private locate(): Promise<Installation> {
    // Only success is remembered: installing the package fixes the next call without a restart.
    this.installation ??= this.findInstallation().catch((error: unknown) => {
      this.installation = null;
      throw error;
    });
    return this.installation;
  }

  private async findInstallation(): Promise<Installation> {
    const binary = await findExecutable(this.binary);
    if (!binary) {
      throw new SpeechToTextError(
        'engine-unavailable',
        `The offline speech-to-text engine is not installed: ${this.binary} was not found ` +
          `(Debian package pocketsphinx: ${INSTALL_HINT}).`,
      );
    }
    const model = {
      hmm: path.join(this.modelDir, 'en-us'),
      lm: this.options.languageModel ?? path.join(this.modelDir, 'en-us.lm.bin'),
      dict: this.options.dictionary ?? path.join(this.modelDir, 'cmudict-en-us.dict'),
    };
    for (const file of Object.values(model)) {
      if (!(await exists(file))) {
        throw new SpeechToTextError(
          'engine-unavailable',
          `The offline speech-to-text model is missing: ${file} was not found ` +
            `(Debian package pocketsphinx-en-us: ${INSTALL_HINT}).`,
        );
      }
    }
    const swept = await sweepStaleWorkDirs();
    if (swept > 0)
      this.logger.warn({ engine: this.kind, folders: swept }, 'removed stale audio chunks');
    return { binary, ...model };
  }

  async transcribe(audio: AudioInput, options: TranscribeOptions = {}): Promise<Transcript> {
    const located = await this.locate();
    const installation = await this.withVocabulary(located, options.vocabulary ?? []);
    const began = performance.now();
    const pcm = await prepareAudio(audio, this.options, {
      signal: options.signal,
      timeoutMs: this.options.timeoutMs,
    });
    // Every decoder process pays ~0.6 CPU-s to load its model (issue 25, measured): a draft
    // segment is one decoder, so its cores go to other segments; only a transcript someone waits
    // for is cut into chunks decoded side by side.
    const waiting = options.waiting ?? true;
    const parallelism = waiting ? this.parallelism : 1;
    const chunks = planChunks(pcm.samples, {
      maxChunkSeconds: this.options.maxChunkSeconds ?? 30,
      minChunkSeconds: this.options.minChunkSeconds ?? 8,
      parallelism,
    });

    const startedBefore = this.decoders.started;
    const decoded = await runInParallel(
      chunks,
      parallelism,
      async (chunk, _index, signal) => {
        const timeoutMs = Math.max(
          this.options.timeoutMs,
          ((chunk.end - chunk.start) / TARGET_SAMPLE_RATE) * 20_000,
        );
        const ctm = await this.decoders.decode(
          this.decoderCommand(installation, waiting ? 0 : DRAFT_NICENESS),
          pcm16ToBytes(pcm.samples.subarray(chunk.start, chunk.end)),
          { timeoutMs, signal },
        );
        return parseCtm(ctm, chunk.start / TARGET_SAMPLE_RATE, this.wordPosteriors);
      },
      options.signal,
    );

    const words = decoded.flat();
    const segments = segmentsFromWords(words, 1);
    const seconds = (performance.now() - began) / 1000;
    // Figures only: transcript text never goes to the log (privacy).
    this.logger.info(
      {
        engine: this.kind,
        audioSeconds: round(pcm.durationSeconds),
        chunks: chunks.length,
        parallelism,
        waiting,
        seconds: round(seconds),
        realTimeFactor: round(seconds / pcm.durationSeconds),
        words: words.length,
        // Decoders this transcript had to start (each loads the models): 0 when warm ones served.
        decodersStarted: this.decoders.started - startedBefore,
      },
      'speech-to-text finished',
    );
    // A session still recording will be stopped: its decoders for that moment load now.
    if (!waiting) this.decoders.prewarm(this.decoderCommand(installation, 0), this.parallelism);
    return {
      text: words.map((word) => word.word).join(' '),
      words,
      segments,
      durationSeconds: pcm.durationSeconds,
      engine: this.kind,
    };
  }

  /**
   * The consultation model biased towards the clinician's words (issue 15), built once per
   * distinct list and cached; the general model and an empty list are used as they are.
   */
  private async withVocabulary(
    installation: Installation,
    vocabulary: readonly string[],
  ): Promise<Installation> {
    const phrases = clinicianPhrases(...vocabulary);
    if (phrases.length === 0 || this.options.languageModel === undefined) return installation;
    const files = await clinicianModel(
      { languageModel: installation.lm, dictionary: installation.dict },
      phrases,
      path.join(tmpdir(), `clerkly-speech-models-${process.getuid?.() ?? 'user'}`),
      path.join(this.modelDir, 'cmudict-en-us.dict'),
    );
    return { ...installation, lm: files.languageModel, dict: files.dictionary };
  }

  /** How this engine runs pocketsphinx: the files of each utterance are the warm decoder's. */
  private decoderCommand(installation: Installation, niceness: number): DecoderCommand {
    // prettier-ignore
    const args = [
      '-adcin', 'yes', '-adchdr', '0',
      '-hmm', installation.hmm, '-lm', installation.lm, '-dict', installation.dict,
      '-samprate', String(TARGET_SAMPLE_RATE),
      '-remove_silence', 'no',
      // Only the first (tree) search pass, with at most 3000 active HMMs and 10 word exits per
      // frame. bench:stt in one session: the defaults gave LibriVox 26.8 % WER at 0.37 CPU-s per
      // audio-s and synthetic consultations 73.7 % at 0.47; these settings 19.7 % at 0.26 and
      // 73.4 % at 0.23. The extra passes and the wider search cost CPU, and accuracy on real
      // speech, and the pipeline needs the decoders to keep ahead of the recording.
      // Issue 24: the lattice's best path only for its word posteriors (bench:confidence measures
      // what it costs), not a second search pass.
      '-fwdflat', 'no', '-bestpath', this.wordPosteriors ? 'yes' : 'no',
      '-maxhmmpf', '3000', '-maxwpf', '10',
      // No dither: its random numbers would carry from one utterance to the next in a warm
      // decoder; digital silence gets its noise from `fillDigitalSilence` instead.
      '-dither', 'no',
      // Its log repeats the hypotheses, so it is not kept anywhere (privacy).
      '-logfn', '/dev/null',
      ...(this.options.decoderArgs ?? []),
    ];
    return { binary: installation.binary, args, niceness };
  }

  /** Stops the warm decoders (the server is shutting down). */
  async close(): Promise<void> {
    this.decoders.close();
  }
}
