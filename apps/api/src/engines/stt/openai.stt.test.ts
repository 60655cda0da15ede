import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startReplayServer,
  unusedPort,
  type RecordedRequest,
  type ReplayResponse,
  type ReplayServer,
} from '../../../test/fixtures/stt/replay-server';
import { concatSamples, sine } from '../../../test/fixtures/stt/test-audio';
import { encodeWav } from '../audio/wav';
import { OpenAiSpeechToText, normalizeBaseUrl, type OpenAiSttOptions } from './openai.stt';
import { readLibrivoxClips } from './speech-corpora';
import { SpeechToTextError, transcriptText } from './speech-to-text';
import { wer } from './wer';

const FAST_RETRY = { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 };
const audio = { data: encodeWav(new Int16Array(16_000).fill(500)) };

let server: ReplayServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function engineAgainst(responses: ReplayResponse[], options: Partial<OpenAiSttOptions> = {}) {
  server = await startReplayServer(responses);
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

async function failure(promise: Promise<unknown>): Promise<SpeechToTextError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SpeechToTextError);
  return error as SpeechToTextError;
}

describe('openai engine against recorded OpenAI-compatible responses', () => {
  it('asks whisper for word and segment times and maps them', async () => {
    const { engine, server } = await engineAgainst([
      { status: 200, fixture: 'openai-verbose-json.json' },
    ]);
    const transcript = await engine.transcribe(audio);

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
    const transcript = await engine.transcribe(audio);
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
    const transcript = await engine.transcribe(audio);
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
    const transcript = await engine.transcribe(audio);
    expect(server.requests.map((request) => formField(request, 'response_format')[0])).toEqual([
      'verbose_json',
      'json',
    ]);
    expect(transcript.text).toMatch(/headache/);
    // Remembered: the next recording goes straight to plain text.
    await engine.transcribe(audio);
    expect(formField(server.requests[2], 'response_format')).toEqual(['json']);
  });

  it('retries after a 429 and succeeds', async () => {
    const { engine, server } = await engineAgainst([
      { status: 429, fixture: 'openai-429.json', headers: { 'retry-after': '0' } },
      { status: 200, fixture: 'openai-verbose-json.json' },
    ]);
    const transcript = await engine.transcribe(audio);
    expect(server.requests).toHaveLength(2);
    expect(transcript.words).toHaveLength(22);
  });

  it('gives up after three 500s with a clear error', async () => {
    const { engine, server } = await engineAgainst([{ status: 500, fixture: 'openai-500.json' }]);
    const error = await failure(engine.transcribe(audio));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({
      kind: 'engine-failed',
      message:
        'The OpenAI-compatible speech-to-text service failed with HTTP 500 after 3 attempts.',
    });
  });

  it('does not retry a rejected key, says which variable to check, and never echoes the key', async () => {
    const { engine, server } = await engineAgainst([{ status: 401, fixture: 'openai-401.json' }]);
    const error = await failure(engine.transcribe(audio));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe('engine-failed');
    expect(error.message).toBe(
      'The OpenAI-compatible speech-to-text service rejected the credentials (HTTP 401); check STT_API_KEY.',
    );
    expect(error.message).not.toMatch(/sk-/);
  });

  it('points at STT_URL when the path has no transcription endpoint', async () => {
    const { engine } = await engineAgainst([{ status: 404, body: { detail: 'Not Found' } }]);
    const error = await failure(engine.transcribe(audio));
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
    const error = await failure(engine.transcribe(audio));
    expect(error).toMatchObject({
      kind: 'engine-unavailable',
      statusCode: 503,
      message: `Cannot reach the OpenAI-compatible speech-to-text service at 127.0.0.1:${port} (connection refused).`,
    });
  });

  it('times out when the server does not answer', async () => {
    const { engine } = await engineAgainst([{ status: 200, hang: true }], { timeoutMs: 300 });
    expect(await failure(engine.transcribe(audio))).toMatchObject({
      kind: 'timeout',
      statusCode: 504,
    });
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
    expect((await failure(engine.transcribe({ data: new Uint8Array(0) }))).kind).toBe('bad-audio');
    expect(server.requests).toHaveLength(0);
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
