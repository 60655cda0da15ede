import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { unusedPort, type ReplayResponse } from '../../../test/fixtures/stt/replay-server';
import {
  FAST_RETRY,
  oneSecondOfAudio,
  replayServerPerTest,
  sttFailure,
} from '../../../test/fixtures/stt/engine-test-support';
import { readWavHeader } from '../audio/wav';
import { DeepgramSpeechToText } from './deepgram.stt';
import { readLibrivoxClips } from './speech-corpora';
import { transcriptText } from './speech-to-text';
import { wer } from './wer';

/** 2 s of a quiet 44.1 kHz stereo tone: the adapter must send it as 16 kHz mono. */
function stereoWav(): Buffer {
  const frames = 44_100 * 2;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i += 1) {
    const value = Math.round(3_000 * Math.sin((2 * Math.PI * 440 * i) / 44_100));
    data.writeInt16LE(value, i * 4);
    data.writeInt16LE(value, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const replayServer = replayServerPerTest();

async function engineAgainst(responses: ReplayResponse[], timeoutMs = 5_000) {
  const server = await replayServer(responses);
  const engine = new DeepgramSpeechToText({
    apiKey: 'test-key',
    baseUrl: server.url,
    timeoutMs,
    retry: FAST_RETRY,
  });
  return { engine, server };
}

describe('deepgram engine against recorded Deepgram responses', () => {
  it('asks for nova-3-medical with smart formatting and diarization, and returns words with speakers', async () => {
    const { engine, server } = await engineAgainst([
      { status: 200, fixture: 'deepgram-nova-3-medical.json' },
    ]);
    const transcript = await engine.transcribe({ data: stereoWav() });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/v1/listen');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toMatchObject({
      model: 'nova-3-medical',
      smart_format: 'true',
      punctuate: 'true',
      diarize: 'true',
    });
    expect(request?.headers.authorization).toBe('Token test-key');
    // What was uploaded is the recording resampled to 16 kHz mono.
    const sent = readWavHeader(request?.body ?? Buffer.alloc(0));
    expect(sent).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    expect(sent.dataBytes).toBe(2 * 16_000 * 2);

    expect(transcript.engine).toBe('deepgram');
    expect(transcript.durationSeconds).toBe(7.5);
    expect(transcript.text).toBe(
      "Hi, Mrs. Smith. What brings you in today? I've had a headache for 3 days, mostly on the left side. Any nausea?",
    );
    expect(transcript.words[0]).toEqual({
      word: 'Hi,',
      start: 0.08,
      end: 0.32,
      confidence: 0.998,
      speaker: 0,
    });
    expect(transcript.words.find((word) => word.word === '3')).toMatchObject({ speaker: 1 });
    expect(transcript.segments?.map((segment) => segment.speaker)).toEqual([0, 1, 0]);
    expect(transcriptText(transcript)).toBe(
      [
        'Speaker 0: Hi, Mrs. Smith. What brings you in today?',
        "Speaker 1: I've had a headache for 3 days, mostly on the left side.",
        'Speaker 0: Any nausea?',
      ].join('\n'),
    );
  });

  it('retries after a 429 and succeeds', async () => {
    const { engine, server } = await engineAgainst([
      { status: 429, fixture: 'deepgram-429.json', headers: { 'retry-after': '0' } },
      { status: 200, fixture: 'deepgram-nova-3-medical.json' },
    ]);
    const transcript = await engine.transcribe(oneSecondOfAudio);
    expect(server.requests).toHaveLength(2);
    expect(transcript.words).toHaveLength(22);
  });

  it('gives up after three 500s with a clear error', async () => {
    const { engine, server } = await engineAgainst([{ status: 500, fixture: 'deepgram-500.json' }]);
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({
      kind: 'engine-failed',
      statusCode: 502,
      message: 'Deepgram failed with HTTP 500 after 3 attempts.',
    });
  });

  it('does not retry a rejected key, and says which variable to check', async () => {
    const { engine, server } = await engineAgainst([{ status: 401, fixture: 'deepgram-401.json' }]);
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({
      kind: 'engine-failed',
      message: 'Deepgram rejected the credentials (HTTP 401); check DEEPGRAM_API_KEY.',
    });
    expect(error.message).not.toContain('test-key');
  });

  it('reports an endpoint that is down as unavailable, naming the host', async () => {
    const port = await unusedPort();
    const engine = new DeepgramSpeechToText({
      apiKey: 'test-key',
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 5_000,
      retry: FAST_RETRY,
    });
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(error).toMatchObject({
      kind: 'engine-unavailable',
      statusCode: 503,
      message: `Cannot reach Deepgram at 127.0.0.1:${port} (connection refused).`,
    });
  });

  it('times out when Deepgram does not answer', async () => {
    const { engine } = await engineAgainst([{ status: 200, hang: true }], 300);
    const error = await sttFailure(engine.transcribe(oneSecondOfAudio));
    expect(error).toMatchObject({ kind: 'timeout', statusCode: 504 });
    expect(error.message).toMatch(/did not answer/);
  });

  it('refuses bad audio before calling Deepgram', async () => {
    const { engine, server } = await engineAgainst([
      { status: 200, fixture: 'deepgram-nova-3-medical.json' },
    ]);
    expect((await sttFailure(engine.transcribe({ data: new Uint8Array(0) }))).kind).toBe(
      'bad-audio',
    );
    expect(
      (await sttFailure(engine.transcribe({ data: Buffer.from('not audio at all') }))).kind,
    ).toBe('bad-audio');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a response without a transcript as a failure, not an empty transcript', async () => {
    const { engine } = await engineAgainst([{ status: 200, body: { request_id: 'abc' } }]);
    expect(await sttFailure(engine.transcribe(oneSecondOfAudio))).toMatchObject({
      kind: 'engine-failed',
      message: 'Deepgram returned a response without a transcript.',
    });
  });
});

const liveKey = process.env.DEEPGRAM_API_KEY;
describe.runIf(Boolean(liveKey))('deepgram engine, live (DEEPGRAM_API_KEY is set)', () => {
  it('transcribes a LibriVox clip accurately', { timeout: 60_000 }, async () => {
    const [clip] = await readLibrivoxClips();
    if (!clip) throw new Error('pocketsphinx-testdata is not installed');
    const engine = new DeepgramSpeechToText({
      apiKey: liveKey ?? '',
      baseUrl: process.env.DEEPGRAM_URL ?? 'https://api.deepgram.com',
      timeoutMs: 60_000,
    });
    const transcript = await engine.transcribe({ data: await readFile(clip.file) });
    expect(wer(clip.reference, transcript.text).wer).toBeLessThan(0.2);
    expect(transcript.words.every((word) => word.speaker !== undefined)).toBe(true);
  });
});
