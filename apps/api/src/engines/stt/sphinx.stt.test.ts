import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  concatSamples,
  ffmpeg,
  scratchDir,
  type ScratchDir,
} from '../../../test/fixtures/stt/test-audio';
import { sttFailure } from '../../../test/fixtures/stt/engine-test-support';
import { decodeAudio } from '../audio/decode-audio';
import { encodeWav } from '../audio/wav';
import { SphinxSpeechToText, parseCtm, sweepStaleWorkDirs } from './sphinx.stt';
import { readLibrivoxClips, type ReferenceClip } from './speech-corpora';
import type { EngineLogger } from './speech-to-text';
import { totalWer, wer } from './wer';

/** Captures what the engine logs, to check it never logs what was said. */
function recordingLogger(): EngineLogger & {
  entries: { details: Record<string, unknown>; message: string }[];
} {
  const entries: { details: Record<string, unknown>; message: string }[] = [];
  const log = (details: Record<string, unknown>, message: string): void => {
    entries.push({ details, message });
  };
  return { entries, debug: log, info: log, warn: log };
}

let clips: ReferenceClip[];
let scratch: ScratchDir;
beforeAll(async () => {
  clips = await readLibrivoxClips();
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

// Decoding is CPU-bound; on a busy 2-core machine these take several times their idle ~5 s.
const DECODING = { timeout: 120_000 };

describe('sphinx engine on real speech (Debian pocketsphinx-testdata LibriVox clips)', () => {
  it('transcribes every clip with a word error rate under 40 %', DECODING, async () => {
    expect(clips.length).toBe(5);
    const logger = recordingLogger();
    const engine = new SphinxSpeechToText({ timeoutMs: 60_000, logger });
    const results = await Promise.all(
      clips.map(async (clip) => {
        const transcript = await engine.transcribe({ data: await readFile(clip.file) });
        expect(transcript.engine).toBe('sphinx');
        expect(transcript.words.length).toBeGreaterThan(0);
        expect(transcript.text).toBe(transcript.words.map((word) => word.word).join(' '));
        return { clip, transcript, score: wer(clip.reference, transcript.text) };
      }),
    );
    for (const { clip, score } of results) {
      expect(score.wer, clip.id).toBeLessThan(0.4);
    }
    expect(totalWer(results.map((result) => result.score))).toBeLessThan(0.35);

    // Word times sit inside the recording, in order.
    for (const { transcript } of results) {
      let previous = 0;
      for (const word of transcript.words) {
        expect(word.start).toBeGreaterThanOrEqual(previous - 0.001);
        expect(word.end).toBeGreaterThan(word.start);
        expect(word.end).toBeLessThanOrEqual(transcript.durationSeconds + 0.05);
        expect(word.confidence).toBeGreaterThanOrEqual(0);
        expect(word.confidence).toBeLessThanOrEqual(1);
        previous = word.start;
      }
    }

    // The log reports the real-time factor, and never a word of what was said (privacy).
    const finished = logger.entries.filter((entry) => entry.message === 'speech-to-text finished');
    expect(finished).toHaveLength(clips.length);
    for (const entry of finished) expect(entry.details.realTimeFactor).toBeTypeOf('number');
    const logged = JSON.stringify(logger.entries);
    for (const word of ['leisure', 'disposed', 'selfish', 'amiable', 'respectable']) {
      expect(logged).not.toContain(word);
    }
  });

  it(
    'cuts a long recording at its pauses, decodes the pieces in parallel and puts the words back in place',
    DECODING,
    async () => {
      // Three clips one after another with 1.5 s pauses (~17 s), cut into pieces of at most 6 s,
      // so several decoders run and every piece's words need their offset.
      const used = clips.filter((clip) => /-(0880|0920|0930)$/.test(clip.id));
      expect(used).toHaveLength(3);
      const pcm = await Promise.all(
        used.map(async (clip) => decodeAudio({ data: await readFile(clip.file) })),
      );
      const pause = new Int16Array(24_000);
      const starts: number[] = [];
      let at = 0;
      const parts: Int16Array[] = [];
      for (const clip of pcm) {
        starts.push(at / 16_000);
        parts.push(clip.samples, pause);
        at += clip.samples.length + pause.length;
      }
      const logger = recordingLogger();
      const engine = new SphinxSpeechToText({
        timeoutMs: 60_000,
        logger,
        maxChunkSeconds: 6,
        minChunkSeconds: 3,
      });
      const transcript = await engine.transcribe({ data: encodeWav(concatSamples(parts)) });

      const chunks = logger.entries.find((entry) => entry.message === 'speech-to-text finished')
        ?.details.chunks;
      expect(chunks).toBeGreaterThanOrEqual(3);
      const reference = used.map((clip) => clip.reference).join(' ');
      expect(wer(reference, transcript.text).wer).toBeLessThan(0.4);
      // Each clip's first words are found at that clip's place in the recording.
      const lastClipStart = starts.at(-1) ?? 0;
      const he = transcript.words.filter(
        (word) => word.word === 'he' && word.start > lastClipStart - 0.5,
      );
      expect(he.length).toBeGreaterThan(0);
      expect(he[0]?.start).toBeLessThan(lastClipStart + 1);
      const times = transcript.words.map((word) => word.start);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    },
  );

  it('transcribes a browser recording (WebM/Opus) as well as the WAV', DECODING, async () => {
    const clip = clips.find((item) => item.id.endsWith('0920'));
    if (!clip) throw new Error('clip 0920 missing from pocketsphinx-testdata');
    // What Chrome's MediaRecorder uploads: 48 kHz Opus in WebM.
    const webm = await ffmpeg(clip.file, scratch.file('browser.webm'), [
      '-ar',
      '48000',
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
    ]);
    const engine = new SphinxSpeechToText({ timeoutMs: 60_000 });
    const transcript = await engine.transcribe({ data: webm });
    expect(wer(clip.reference, transcript.text).wer).toBeLessThan(0.4);
  });

  it('hears nothing in silence, without failing', DECODING, async () => {
    const engine = new SphinxSpeechToText({ timeoutMs: 60_000 });
    const transcript = await engine.transcribe({ data: encodeWav(new Int16Array(16_000 * 2)) });
    expect(transcript).toMatchObject({ text: '', words: [], durationSeconds: 2 });
  });
});

describe('sphinx engine: warm decoders (issue 25)', () => {
  const started = (logger: ReturnType<typeof recordingLogger>) =>
    logger.entries
      .filter((entry) => entry.message === 'speech-to-text finished')
      .map((entry) => entry.details.decodersStarted);
  const warmFolders = async () =>
    (await readdir('/dev/shm')).filter((name) =>
      name.startsWith(`clerkly-stt-${process.pid}-warm-`),
    );
  /**
   * Other tests' engines in this file keep their decoders warm too: a poll of the warm folders
   * made from now on, which are this test's.
   */
  const warmFoldersFromNow = async () => {
    const before = await warmFolders();
    return async () => (await warmFolders()).filter((name) => !before.includes(name));
  };
  const firstTwoClips = () => {
    const [first, second] = clips;
    if (!first || !second) throw new Error('pocketsphinx-testdata clips missing');
    return [first, second] as const;
  };

  it(
    'decodes recording after recording in one loaded decoder, each exactly as a fresh decoder would',
    DECODING,
    async () => {
      const [first, second] = firstTwoClips();
      const madeHere = await warmFoldersFromNow();
      const logger = recordingLogger();
      const warm = new SphinxSpeechToText({ timeoutMs: 60_000, logger, parallelism: 1 });
      await warm.transcribe({ data: await readFile(first.file) });
      const afterAnother = await warm.transcribe({ data: await readFile(second.file) });
      // The second recording paid no model load: the first one's decoder heard it.
      expect(started(logger)).toEqual([1, 0]);

      const fresh = new SphinxSpeechToText({ timeoutMs: 60_000, parallelism: 1 });
      const alone = await fresh.transcribe({ data: await readFile(second.file) });
      // Nothing carries over from one utterance to the next: same words, times and confidences.
      expect(afterAnother.words).toEqual(alone.words);
      expect(afterAnother.words.length).toBeGreaterThan(0);
      await Promise.all([warm.close(), fresh.close()]);
      // Closing stops the decoders and removes their folders (they held the audio).
      await expect.poll(madeHere).toEqual([]);
    },
  );

  it(
    "a recording's drafts ready the decoders its Stop needs: what the clinician waits for starts none",
    DECODING,
    async () => {
      const [first, second] = firstTwoClips();
      const logger = recordingLogger();
      const engine = new SphinxSpeechToText({ timeoutMs: 60_000, logger, parallelism: 2 });
      // A segment of a session still recording: its own (gentler) decoder starts.
      await engine.transcribe({ data: await readFile(first.file) }, { waiting: false });
      // After Stop: the last segment, which the clinician waits for.
      const last = await engine.transcribe({ data: await readFile(second.file) });
      expect(started(logger)).toEqual([1, 0]);
      expect(wer(second.reference, last.text).wer).toBeLessThan(0.4);
      await engine.close();
    },
  );

  it(
    'a cancelled transcription stops its decoder, and the next one starts another',
    DECODING,
    async () => {
      const clip = clips[0];
      if (!clip) throw new Error('pocketsphinx-testdata clips missing');
      const madeHere = await warmFoldersFromNow();
      const logger = recordingLogger();
      const engine = new SphinxSpeechToText({ timeoutMs: 60_000, logger, parallelism: 1 });
      const controller = new AbortController();
      const cancelled = engine.transcribe(
        { data: await readFile(clip.file) },
        { signal: controller.signal },
      );
      // Cancelled once its decoder is running (its folder exists).
      await expect.poll(madeHere).toHaveLength(1);
      controller.abort(new Error('the session was deleted'));
      await expect(cancelled).rejects.toThrow('the session was deleted');
      await expect.poll(madeHere).toEqual([]);

      const transcript = await engine.transcribe({ data: await readFile(clip.file) });
      expect(wer(clip.reference, transcript.text).wer).toBeLessThan(0.4);
      expect(started(logger)).toEqual([1]);
      await engine.close();
      await expect(engine.transcribe({ data: await readFile(clip.file) })).rejects.toMatchObject({
        kind: 'engine-failed',
      });
    },
  );
});

describe('sphinx engine: bad input and a missing installation', () => {
  const engine = new SphinxSpeechToText({ timeoutMs: 60_000, maxBytes: 1024 * 1024 });

  it('refuses empty, random, truncated and oversized audio with a 4xx kind', async () => {
    expect(await sttFailure(engine.transcribe({ data: new Uint8Array(0) }))).toMatchObject({
      kind: 'bad-audio',
      statusCode: 400,
      message: 'The audio file is empty.',
    });
    expect((await sttFailure(engine.transcribe({ data: randomBytes(4096) }))).kind).toBe(
      'bad-audio',
    );
    expect(
      (
        await sttFailure(
          engine.transcribe({ data: encodeWav(new Int16Array(100)).subarray(0, 30) }),
        )
      ).kind,
    ).toBe('bad-audio');
    expect(
      await sttFailure(engine.transcribe({ data: encodeWav(new Int16Array(16_000 * 40)) })),
    ).toMatchObject({ kind: 'too-large', statusCode: 413 });
  });

  it('names the Debian package when pocketsphinx is not installed', async () => {
    const missing = new SphinxSpeechToText({
      timeoutMs: 1_000,
      binary: 'pocketsphinx_batch_not_here',
    });
    const error = await sttFailure(missing.check());
    expect(error).toMatchObject({ kind: 'engine-unavailable', statusCode: 503 });
    expect(error.message).toMatch(/pocketsphinx/);
    expect(error.message).toMatch(/apt-get install pocketsphinx pocketsphinx-en-us/);
    expect(
      (await sttFailure(missing.transcribe({ data: encodeWav(new Int16Array(1600)) }))).kind,
    ).toBe('engine-unavailable');
  });

  it('names the model package when the model is missing', async () => {
    const missing = new SphinxSpeechToText({ timeoutMs: 1_000, modelDir: '/nonexistent/en-us' });
    const error = await sttFailure(missing.check());
    expect(error.kind).toBe('engine-unavailable');
    expect(error.message).toMatch(/pocketsphinx-en-us/);
  });

  it('is ready on this machine', async () => {
    await expect(engine.check()).resolves.toBeUndefined();
    expect(engine.describe()).toMatch(/^sphinx: offline CMU pocketsphinx/);
  });
});

describe('sweepStaleWorkDirs', () => {
  it('removes audio chunks left by a killed process, and nothing else', async () => {
    const root = scratch.file('shm');
    const make = async (name: string, hoursAgo: number) => {
      await mkdir(`${root}/${name}`, { recursive: true });
      await writeFile(`${root}/${name}/chunk-0.raw`, 'audio');
      const when = new Date(Date.now() - hoursAgo * 3_600_000);
      await utimes(`${root}/${name}`, when, when);
    };
    await make('clerkly-stt-dead', 2);
    await make('clerkly-stt-running', 0);
    await make('someone-else', 5);
    expect(await sweepStaleWorkDirs(root)).toBe(1);
    expect((await readdir(root)).sort()).toEqual(['clerkly-stt-running', 'someone-else']);
  });

  it('removes at once the folder of a process that no longer runs, not a live one', async () => {
    const root = scratch.file('shm-owners');
    // A pid that cannot be running: above the kernel's pid_max.
    await mkdir(`${root}/clerkly-stt-99999999-abc`, { recursive: true });
    await mkdir(`${root}/clerkly-stt-${process.pid}-def`, { recursive: true });
    expect(await sweepStaleWorkDirs(root)).toBe(1);
    expect(await readdir(root)).toEqual([`clerkly-stt-${process.pid}-def`]);
  });
});

describe('parseCtm', () => {
  it('reads words with times on the recording clock, dropping fillers and pronunciation marks', () => {
    const ctm = [
      'chunk-1 1 0.20 0.16 <sil> 0.9',
      'chunk-1 1 0.37 0.25 mr 0.857',
      'chunk-1 1 0.63 0.34 john(2) 0.920',
      'chunk-1 1 0.98 0.10 [NOISE] 0.5',
      'chunk-1 1 1.10 0.30 dashwood 1.002',
    ].join('\n');
    expect(parseCtm(ctm, 30)).toEqual([
      { word: 'mr', start: 30.37, end: 30.62, confidence: 0.857 },
      { word: 'john', start: 30.63, end: 30.97, confidence: 0.92 },
      { word: 'dashwood', start: 31.1, end: 31.4, confidence: 1 },
    ]);
  });
});
