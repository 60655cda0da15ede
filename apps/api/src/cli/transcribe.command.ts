/**
 * `npm run -s cli -- transcribe <audio file>` (issue 4, "CLI"): the transcript of a recording,
 * for clinicians' batch use, evaluation and support. Standard output carries only the
 * transcript; logs and errors go to standard error. Exit codes: 0 transcript written, 2 bad
 * input or usage, 1 the speech-to-text engine failed (not installed, unreachable, timed out).
 */
import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { SPEECH_ENGINE_KINDS } from '@clerkly/contracts';
import { buildEngineConfig } from '../config/config';
import { ConfigError, parseEnv } from '../config/env';
import { DEFAULT_MAX_AUDIO_BYTES } from '../engines/audio/decode-audio';
import {
  SpeechToTextError,
  transcriptText,
  type EngineLogger,
} from '../engines/stt/speech-to-text';
import { createSpeechToText } from '../engines/stt/stt.registry';

/** What the command writes to; `process.stdout`/`stderr` and test buffers both fit. */
export interface TranscribeIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

const TRANSCRIBE_USAGE = `Usage: npm run -s cli -- transcribe [options] <audio file>

Prints the transcript of a recording: WAV of any sample rate and channel count, WebM/Opus,
Ogg, MP3, FLAC or MP4 audio. With a diarizing engine each turn is a "Speaker N:" line.

Options:
  --engine <sphinx|deepgram|openai>   override STT_ENGINE (deepgram needs DEEPGRAM_API_KEY;
                                      openai needs STT_URL, and STT_MODEL / STT_API_KEY)
  --json                              print the transcript with word timings as JSON
  -v, --verbose                       log progress (engine, real-time factor) to standard error
  -h, --help                          show this help

Exit status: 0 transcript written; 2 bad input or usage; 1 the speech-to-text engine failed.
`;

class UsageError extends Error {}

/** One JSON object per line on standard error; figures only, never transcript text. */
function stderrLogger(io: TranscribeIo, verbose: boolean): EngineLogger {
  const write = (level: string) => (details: Record<string, unknown>, message: string) => {
    io.stderr.write(`${JSON.stringify({ level, msg: message, ...details })}\n`);
  };
  const quiet = (): void => undefined;
  return {
    debug: verbose ? write('debug') : quiet,
    info: verbose ? write('info') : quiet,
    warn: write('warn'),
  };
}

async function readAudio(file: string): Promise<Buffer> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UsageError(`"${file}" is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read "${file}" (no such file or no permission)`);
  }
  // Checked before reading, so a mistaken multi-gigabyte file is refused at once.
  if (size > DEFAULT_MAX_AUDIO_BYTES) {
    throw new UsageError(
      `The audio file is larger than ${Math.round(DEFAULT_MAX_AUDIO_BYTES / (1024 * 1024))} MB.`,
    );
  }
  return readFile(file);
}

export async function runTranscribe(
  args: string[],
  io: TranscribeIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const fail = (message: string, code: number): number => {
    io.stderr.write(`clerkly transcribe: ${message.replace(/\s+/g, ' ').trim()}\n`);
    return code;
  };
  let verbose = false;
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        engine: { type: 'string' },
        json: { type: 'boolean', default: false },
        verbose: { type: 'boolean', short: 'v', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      io.stdout.write(TRANSCRIBE_USAGE);
      return 0;
    }
    verbose = values.verbose;
    const engineName = values.engine;
    if (engineName !== undefined && !SPEECH_ENGINE_KINDS.some((kind) => kind === engineName)) {
      throw new UsageError(
        `unknown engine "${engineName}" (choose ${SPEECH_ENGINE_KINDS.join(', ')})`,
      );
    }
    if (positionals.length === 0) throw new UsageError('missing the audio file');
    if (positionals.length > 1) {
      throw new UsageError(`one audio file at a time, got ${positionals.length}`);
    }
    const file = positionals[0] ?? '';

    let config;
    try {
      config = buildEngineConfig(parseEnv(engineName ? { ...env, STT_ENGINE: engineName } : env));
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.problems.join('; '));
      throw error;
    }
    const audio = await readAudio(file);
    const logger = stderrLogger(io, values.verbose);
    const engine = await createSpeechToText(config, logger);
    logger.info({ engine: engine.describe() }, 'transcribing');
    const transcript = await engine
      .transcribe({ data: audio, filename: file })
      .finally(() => engine.close?.());

    if (values.json) {
      io.stdout.write(`${JSON.stringify(transcript, null, 2)}\n`);
      return 0;
    }
    const text = transcriptText(transcript);
    if (text === '') io.stderr.write('clerkly transcribe: no speech was heard in the recording\n');
    else io.stdout.write(`${text}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message, 2);
    if (error instanceof SpeechToTextError) {
      // The underlying reason (an ffmpeg or network message) helps support; never audio content.
      if (verbose && error.cause instanceof Error) {
        io.stderr.write(
          `${JSON.stringify({ level: 'debug', msg: 'cause', cause: error.cause.message })}\n`,
        );
      }
      const inputFault = error.kind === 'bad-audio' || error.kind === 'too-large';
      return fail(error.message, inputFault ? 2 : 1);
    }
    // parseArgs reports unknown options and missing values with a code of its own.
    if (
      error instanceof Error &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      return fail(error.message, 2);
    }
    throw error;
  }
}
