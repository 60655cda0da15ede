import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  unusedPort,
  type RecordedRequest,
  type ReplayResponse,
} from '../../../test/fixtures/stt/replay-server';
import {
  FAST_RETRY,
  oneSecondOfAudio,
  replayServerPerTest,
  sttFailure,
} from '../../../test/fixtures/stt/engine-test-support';
import { concatSamples, sine } from '../../../test/fixtures/stt/test-audio';
import { encodeWav } from '../audio/wav';
import { OpenAiSpeechToText, normalizeBaseUrl, type OpenAiSttOptions } from './openai.stt';
import { readLibrivoxClips } from './speech-corpora';
import { transcriptText } from './speech-to-text';
import { wer } from './wer';

const replayServer = replayServerPerTest();

async function engineAgainst(responses: ReplayResponse[], options: Partial<OpenAiSttOptions> = {}) {
  const server = await replayServer(responses);
  const engine = new OpenAiSpeechToText({
    baseUrl: server.url,
    apiKey: 'sk-test-key',
    model: 'whisper-1',
    timeoutMs: 5_000,
    retry: FAST_RETRY,
    ...options,
  });
  return { engine, server };
}

/** The value of one multipart form field of a recorded request. */
function formField(request: RecordedRequest | undefined, name: string): string[] {
  const body = request?.body.toString('latin1') ?? '';
  const pattern = new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r\\n\\r\\n([^\\r]*)`, 'g');
  return [...body.matchAll(pattern)].map((match) => match[1] ?? '');
}

describe('openai engine against recorded OpenAI-compatible responses', () => {
  it('asks whisper for word and segment times and maps them', async () => {
    const { engine, server } = await engineAgainst([
      { status: 200, fixture: 'openai-verbose-json.json' },
    ]);
    const transcript = await engine.transcribe(oneSecondOfAudio);

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/v1/audio/transcriptions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(formField(request, 'model')).toEqual(['whisper-1']);
    expect(formField(request, 'response_format')).toEqual(['verbose_json']);
    expect(formField(request, 'timestamp_granularities[]')).toEqual(['word', 'segment']);
    expect(request?.body.toString('latin1')).toContain('filename="audio.wav"');

    expect(transcript.engine).toBe('openai');
    expect(transcript.text).toBe(
      "Hi, Mrs. Smith. What brings you in today? I've had a headache for three days, mostly on the left side. Any nausea?",
    );
    expect(transcript.words).toHaveLength(22);
    expect(transcript.words[8]).toEqual({ word: "I've", start: 3.02, end: 3.3 });
    expect(transcript.segments?.map((segment) => segment.text)).toEqual([
      'Hi, Mrs. Smith. What brings you in today?',
      "I've had a headache for three days, mostly on the left side.",
      'Any nausea?',
    ]);
    expect(transcript.durationSeconds).toBe(1);
  });

  it('asks gpt-4o transcription models for plain text, which is all they give', async () => {
    const { engine, server } = await engineAgainst([{ status: 200, fixture: 'openai-json.json' }], {
      model: 'gpt-4o-transcribe',
    });
    const transcript = await engine.transcribe(oneSecondOfAudio);
    expect(formField(server.requests[0], 'response_format')).toEqual(['json']);
    expect(formField(server.requests[0], 'timestamp_granularities[]')).toEqual([]);
    expect(transcript.text).toMatch(/^Hi, Mrs\. Smith\./);
    expect(transcript.words).toEqual([]);
    expect(transcript.segments).toBeUndefined();
  });

  it('keeps the speakers of a diarizing model', async () => {
    const { engine, server } = await engineAgainst(
      [{ status: 200, fixture: 'openai-diarized-json.json' }],
      {
        model: 'gpt-4o-transcribe-diarize',
      },
    );
    const transcript = await engine.transcribe(oneSecondOfAudio);
    expect(formField(server.requests[0], 'response_format')).toEqual(['diarized_json']);
    expect(formField(server.requests[0], 'chunking_strategy')).toEqual(['auto']);
    expect(transcriptText(transcript)).toBe(
      [
        'Speaker 0: Hi, Mrs. Smith. What brings you in today?',
        "Speaker 1: I've had a headache for three days, mostly on the left side.",
        'Speaker 0: Any nausea?',
      ].join('\n'),
    );
  });

  it('falls back to plain text when a server refuses timestamps', async () => {
    const { engine, server } = await engineAgainst(
      [
        { status: 400, fixture: 'openai-400-response-format.json' },
        { status: 200, fixture: 'openai-json.json' },
      ],
      { model: 'whisper-large-v3-local' },
    );
    const transcript = await engine.transcribe(oneSecondOfAudio);
    expect(server.requests.map((request) => formField(request, 'response_format')[0])).toEqual([
      'verbose_json',
      'json',
    ]);
    expect(transcript.text).toMatch(/headache/);
    // Remembered: the next recording goes straight to plain text.
    await engine.transcribe(oneSecondOfAudio);
    expect(formField(server.requests[2], 'response_format')).toEqual(['json']);
  });

  it('retries after a 429 and succeeds', async () => {
    const { engine, server } = await engineAgainst([
      { status: 429, fixture: 'openai-429.json', headers: { 'retry-after': '0' } },
      { status: 200, fixture: 'openai-verbose-json.json' },
    ]);
    const transcript = await engine.transcribe(oneSecondOfAudio);
    expect(server.requests).toHaveLength(2);
    expect(transcript.words).toHaveLength(22);
  });

  it('gives up after three 500s with a clear error', async () => {
    const { engine, server } = await engineAgainst([{ status: 500, fixture: 'openai-500.json' }]);
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({
      kind: 'engine-failed',
      message:
        'The OpenAI-compatible speech-to-text service failed with HTTP 500 after 3 attempts.',
    });
  });

  it('does not retry a rejected key, says which variable to check, and never echoes the key', async () => {
    const { engine, server } = await engineAgainst([{ status: 401, fixture: 'openai-401.json' }]);
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe('engine-failed');
    expect(error.message).toBe(
      'The OpenAI-compatible speech-to-text service rejected the credentials (HTTP 401); check STT_API_KEY.',
    );
    expect(error.message).not.toMatch(/sk-/);
  });

  it('points at STT_URL when the path has no transcription endpoint', async () => {
    const { engine } = await engineAgainst([{ status: 404, body: { detail: 'Not Found' } }]);
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(error.message).toMatch(
      /no transcription endpoint at http:\/\/127\.0\.0\.1:\d+\/v1 \(HTTP 404\); check STT_URL/,
    );
  });

  it('reports an endpoint that is down as unavailable, naming the host', async () => {
    const port = await unusedPort();
    const engine = new OpenAiSpeechToText({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: null,
      model: 'whisper-1',
      timeoutMs: 5_000,
      retry: FAST_RETRY,
    });
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(error).toMatchObject({
      kind: 'engine-unavailable',
      statusCode: 503,
      message: `Cannot reach the OpenAI-compatible speech-to-text service at 127.0.0.1:${port} (connection refused).`,
    });
  });

  it('times out when the server does not answer', async () => {
    const { engine } = await engineAgainst([{ status: 200, hang: true }], { timeoutMs: 300 });
    expect(await sttFailure(engine.transcribe(oneSecondOfAudio))).toMatchObject({
      kind: 'timeout',
      statusCode: 504,
    });
  });

  it('hangs up on the server at once when nobody waits for the transcript any more', async () => {
    const { engine, server } = await engineAgainst([{ status: 200, hang: true }], {
      timeoutMs: 60_000,
    });
    const controller = new AbortController();
    const transcribing = engine.transcribe(oneSecondOfAudio, { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const abortedAt = performance.now();
    controller.abort(new Error('The segment is no longer wanted.'));
    await expect(transcribing).rejects.toThrow('The segment is no longer wanted.');
    while (server.dropped === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // Dropped on the abort, not by the engine's own 60 s timeout (half of it is a margin no busy
    // machine needs).
    expect(performance.now() - abortedAt).toBeLessThan(30_000);
    // Not retried: one request, closed by the client (a local Whisper server stops decoding).
    expect(server.requests).toHaveLength(1);
  });

  it('sends a long recording in pieces cut at pauses and puts the times back in place', async () => {
    const { engine, server } = await engineAgainst(
      [{ status: 200, fixture: 'openai-verbose-json.json' }],
      {
        maxChunkSeconds: 2.5,
      },
    );
    const quiet = new Int16Array(8_000);
    const recording = concatSamples([sine(1.8), quiet, sine(1.8), quiet, sine(1.8)]);
    const transcript = await engine.transcribe({ data: encodeWav(recording) });
    expect(server.requests).toHaveLength(3);
    // Each piece answered with the same 22 words; the later ones are shifted by their offset.
    expect(transcript.words).toHaveLength(66);
    const firstWords = transcript.words
      .filter((word) => word.word === 'Hi,')
      .map((word) => word.start);
    expect(firstWords[0]).toBe(0);
    expect(firstWords[1]).toBeGreaterThan(1.8);
    expect(firstWords[1]).toBeLessThan(2.3);
    expect(firstWords[2]).toBeGreaterThan(4.1);
    expect(firstWords[2]).toBeLessThan(4.6);
  });

  it('refuses bad audio before calling the service', async () => {
    const { engine, server } = await engineAgainst([{ status: 200, fixture: 'openai-json.json' }]);
    expect((await sttFailure(engine.transcribe({ data: new Uint8Array(0) }))).kind).toBe(
      'bad-audio',
    );
    expect(server.requests).toHaveLength(0);
  });
});

const CONSULTATION =
  "Hi, Mrs. Smith. What brings you in today? I've had a headache for three days, mostly on the left side. Any nausea?";

describe('openai engine against self-hosted Whisper servers (formats from their source)', () => {
  it("reads whisper.cpp's verbose_json: segment times, and words joined from its tokens", async () => {
    // whisper-server --inference-path /v1/audio/transcriptions, as the README starts it.
    const { engine, server } = await engineAgainst(
      [{ status: 200, fixture: 'whispercpp-verbose-json.json' }],
      { apiKey: null },
    );
    const transcript = await engine.transcribe(oneSecondOfAudio);

    const [request] = server.requests;
    expect(request?.url.pathname).toBe('/v1/audio/transcriptions');
    expect(formField(request, 'response_format')).toEqual(['verbose_json']);
    expect(request?.body.toString('latin1')).toContain('name="file"; filename="audio.wav"');

    // Its text puts every segment on a line of its own, each with a leading space.
    expect(transcript.text).toBe(CONSULTATION);
    expect(transcript.segments).toEqual([
      { start: 0, end: 2.62, text: 'Hi, Mrs. Smith. What brings you in today?' },
      { start: 3.02, end: 6.2, text: "I've had a headache for three days, mostly on the left" },
      { start: 6.2, end: 7.88, text: 'side. Any nausea?' },
    ]);
    // No top-level words: they come from the segments' tokens (" I" + "'ve", " head" + "ache").
    expect(transcript.words.map((word) => word.word).join(' ')).toBe(CONSULTATION);
    expect(transcript.words).toHaveLength(22);
    expect(transcript.words[0]).toEqual({ word: 'Hi,', start: 0, end: 0.38, confidence: 0.88 });
    expect(transcript.words[8]).toEqual({ word: "I've", start: 3.02, end: 3.3, confidence: 0.9 });
    expect(transcript.words[11]).toEqual({
      word: 'headache',
      start: 3.56,
      end: 4.14,
      confidence: 0.94,
    });
    // The word that starts the segment whisper.cpp cut at 60 characters.
    expect(transcript.words[19]).toEqual({ word: 'side.', start: 6.2, end: 6.6, confidence: 0.96 });
    expect(transcript.words.at(-1)).toEqual({
      word: 'nausea?',
      start: 7.26,
      end: 7.88,
      confidence: 0.81,
    });
  });

  it("puts whisper.cpp's token times in place when a long recording goes in pieces", async () => {
    const { engine, server } = await engineAgainst(
      [{ status: 200, fixture: 'whispercpp-verbose-json.json' }],
      { maxChunkSeconds: 2.5 },
    );
    const quiet = new Int16Array(8_000);
    const recording = concatSamples([sine(1.8), quiet, sine(1.8)]);
    const transcript = await engine.transcribe({ data: encodeWav(recording) });
    expect(server.requests).toHaveLength(2);
    const nausea = transcript.words.filter((word) => word.word === 'nausea?');
    expect(nausea).toHaveLength(2);
    expect(nausea[1]?.start).toBeCloseTo(
      (nausea[0]?.start ?? 0) + (transcript.segments?.[3]?.start ?? 0),
      3,
    );
    expect(transcript.segments?.[3]?.start).toBeGreaterThan(1.8);
  });

  it("reports whisper.cpp's error body, which comes with HTTP 200", async () => {
    const { engine } = await engineAgainst([
      { status: 200, body: { error: 'failed to read audio data' } },
    ]);
    expect(await sttFailure(engine.transcribe(oneSecondOfAudio))).toMatchObject({
      kind: 'engine-failed',
      message:
        'The OpenAI-compatible speech-to-text service answered with an error: failed to read audio data',
    });
  });

  it("reads a faster-whisper server's verbose_json (speaches), nulls included", async () => {
    const { engine, server } = await engineAgainst(
      [{ status: 200, fixture: 'faster-whisper-verbose-json.json' }],
      { apiKey: null, model: 'Systran/faster-whisper-small.en' },
    );
    const transcript = await engine.transcribe(oneSecondOfAudio);

    const [request] = server.requests;
    expect(request?.url.pathname).toBe('/v1/audio/transcriptions');
    expect(formField(request, 'model')).toEqual(['Systran/faster-whisper-small.en']);
    expect(formField(request, 'response_format')).toEqual(['verbose_json']);
    // speaches computes word times only when asked for them this way.
    expect(formField(request, 'timestamp_granularities[]')).toEqual(['word', 'segment']);

    expect(transcript.text).toBe(CONSULTATION);
    expect(transcript.words).toHaveLength(22);
    expect(transcript.words[8]).toEqual({
      word: "I've",
      start: 3.02,
      end: 3.3,
      confidence: 0.9127,
    });
    expect(transcript.words.at(-1)).toEqual({
      word: 'nausea?',
      start: 7.26,
      end: 7.88,
      confidence: 0.8127,
    });
    // `"speaker": null` on every segment: no speakers, so no "Speaker N:" lines.
    expect(transcript.segments).toEqual([
      { start: 0, end: 2.62, text: 'Hi, Mrs. Smith. What brings you in today?' },
      {
        start: 3.02,
        end: 6.54,
        text: "I've had a headache for three days, mostly on the left side.",
      },
      { start: 7.02, end: 7.88, text: 'Any nausea?' },
    ]);
    expect(transcriptText(transcript)).toBe(CONSULTATION);
  });

  it('keeps the segments of a faster-whisper answer without word times', async () => {
    const { engine } = await engineAgainst(
      [{ status: 200, fixture: 'faster-whisper-verbose-json-segments-only.json' }],
      { model: 'Systran/faster-whisper-small.en' },
    );
    const transcript = await engine.transcribe(oneSecondOfAudio);
    expect(transcript.text).toBe(CONSULTATION);
    expect(transcript.words).toEqual([]);
    expect(transcript.segments?.map((segment) => [segment.start, segment.end])).toEqual([
      [0, 2.62],
      [3.02, 6.54],
      [7.02, 7.88],
    ]);
  });
});

describe('normalizeBaseUrl', () => {
  it.each([
    ['http://localhost:8000', 'http://localhost:8000/v1'],
    ['http://localhost:8000/', 'http://localhost:8000/v1'],
    ['http://localhost:8080/v1/audio/transcriptions', 'http://localhost:8080/v1'],
    ['https://api.groq.com/openai/v1', 'https://api.groq.com/openai/v1'],
    ['https://api.openai.com/v1/', 'https://api.openai.com/v1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });
});

const liveUrl = process.env.STT_URL;
describe.runIf(Boolean(liveUrl))('openai engine, live (STT_URL is set)', () => {
  it('transcribes a LibriVox clip accurately', { timeout: 120_000 }, async () => {
    const [clip] = await readLibrivoxClips();
    if (!clip) throw new Error('pocketsphinx-testdata is not installed');
    const engine = new OpenAiSpeechToText({
      baseUrl: liveUrl ?? '',
      apiKey: process.env.STT_API_KEY ?? null,
      model: process.env.STT_MODEL ?? 'whisper-1',
      timeoutMs: 120_000,
    });
    const transcript = await engine.transcribe({ data: await readFile(clip.file) });
    expect(wer(clip.reference, transcript.text).wer).toBeLessThan(0.25);
  });
});
