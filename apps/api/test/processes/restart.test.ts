import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  generationSchema,
  patientSessionDetailSchema,
  uploadResponseSchema,
} from '@clerkly/contracts';
import {
  call,
  deploymentEnv,
  freePort,
  isRunning,
  putSegment,
  signUp,
  speech,
  startServer,
  twoSegmentSpeech,
  until,
  untilGenerationEnds,
  type ServerProcess,
} from './harness';
import { decodingRecognisers } from '../fixtures/stt/decoders';

const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-restart-'));
const dataDir = path.join(workDir, 'data');
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill('SIGKILL')));
  rmSync(workDir, { recursive: true, force: true });
});

const lines = [
  'The knee has been painful for two weeks, mostly when I climb the stairs.',
  'I take ibuprofen twice a day and it helps a little.',
  'We will start physiotherapy and review in four weeks.',
];

/** The embedded server started on `env`'s data folder, a clinician signed up, one session begun. */
async function startWithSession(
  env: ReturnType<typeof deploymentEnv>,
  port: number,
  firstName: string,
) {
  const server = await startServer('all', env, { port });
  running.push(server);
  const user = await signUp(server, server.url, path.join(env.DATA_DIR, 'outbox'));
  const created = await call(server, user, 'POST', API_PATHS.patientSessions, {
    firstName,
    appointmentTypeId: 1,
    patientConsent: true,
  });
  const sessionId = ((await created.json()) as { id: number }).id;
  return { server, user, sessionId };
}

/**
 * Kills `server` with SIGKILL while one of its recognisers decodes, and waits for that
 * recogniser to die with it (none outlives its server); the killed server's process id.
 */
async function killWhileRecognising(server: ServerProcess): Promise<number> {
  const serverPid = server.child.pid!;
  const decoder = await until(
    'a recogniser decoding',
    async () => decodingRecognisers(serverPid)[0],
    120_000,
    10,
  );
  await server.kill('SIGKILL');
  await until('the recogniser to die with the server', async () => !isRunning(decoder), 10_000);
  return serverPid;
}

describe('the embedded server (one process, PGlite) killed with SIGKILL', () => {
  it('mid-transcription: nothing outlives it, and after a restart the recording goes on and the notes come', async () => {
    const audio = lines.map((line) => speech(workDir, line));
    const port = await freePort();
    const env = deploymentEnv(dataDir, { TRANSCRIBE_CONCURRENCY: '1' });
    const first = await startWithSession(env, port, 'Sam Sample');
    const { user, sessionId } = first;
    let { server } = first;

    // Recording: the first two segments arrive while the server transcribes them.
    for (const [seq, wav] of audio.slice(0, 2).entries()) {
      const response = await putSegment(server, user, sessionId, seq, wav);
      expect(response.status).toBe(200);
    }
    // Mid-job: a recogniser of this server is decoding patient audio.
    const serverPid = await killWhileRecognising(server);

    server = await startServer('all', env, { port });
    running.push(server);
    // Its audio in RAM is gone once the new process starts.
    expect(
      readdirSync('/dev/shm').filter((n) => n.startsWith(`clerkly-stt-${serverPid}-`)),
    ).toEqual([]);
    expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);

    // The recording goes on after the crash, then Stop.
    const last = await putSegment(server, user, sessionId, 2, audio[2]!);
    expect(last.status).toBe(200);
    const started = await call(server, user, 'POST', API_PATHS.sessionGenerations(sessionId), {
      templateIds: [1],
      segmentCount: 3,
    });
    expect(started.status).toBe(202);
    const { id } = generationSchema.parse(await started.json());
    const done = await untilGenerationEnds('the notes', server, user, id, 180_000, 200);
    expect(done.status, done.error ?? '').toBe('done');
    // The transcript covers the audio from before and after the crash: one line per segment.
    expect(done.transcription?.split('\n')).toHaveLength(3);
    expect(done.outputs).toHaveLength(1);

    // Killed while writing notes: after the restart the notes are finished.
    const second = await call(server, user, 'POST', API_PATHS.sessionGenerations(sessionId), {
      templateIds: [1, 2, 3],
      segmentCount: 3,
    });
    const secondId = generationSchema.parse(await second.json()).id;
    await server.kill('SIGKILL');
    server = await startServer('all', env, { port });
    running.push(server);
    const secondDone = await untilGenerationEnds(
      'the notes after the second crash',
      server,
      user,
      secondId,
      120_000,
      200,
    );
    expect(secondDone.status).toBe('done');
    expect(secondDone.outputs.map((output) => output.templateId)).toEqual([1, 2, 3]);
  }, 600_000);
});

/**
 * Issue 23, finding 7: a server killed during the one-request upload lost the recording (the
 * restart swept what had arrived, stored segments got no notes) and its ffmpeg and pocketsphinx
 * children outlived it. Now its children die with it, and the client's retry of the same upload
 * gets the notes of the whole recording, each segment transcribed once.
 */
describe('the embedded server killed with SIGKILL during a one-request upload', () => {
  it('loses nothing: its children die with it, and the retry gets the whole recording', async () => {
    const uploadDir = path.join(workDir, 'upload-data');
    const recording = twoSegmentSpeech(
      workDir,
      'My knee has been painful for two weeks when I climb the stairs.',
      'We will start physiotherapy and review in four weeks.',
    );
    const port = await freePort();
    // A short wait before the retryable answer: the client asks again as a browser would.
    const env = deploymentEnv(uploadDir, { UPLOAD_WAIT_SECONDS: '1' });
    const first = await startWithSession(env, port, 'Ursula Uploadby');
    const { user, sessionId } = first;
    let { server } = first;
    const upload = () => {
      const form = new FormData();
      form.append('selectedTemplateIds', '[1]');
      form.append('sessionId', String(sessionId));
      form.append('audio', new Blob([new Uint8Array(recording)], { type: 'audio/wav' }), 'r.wav');
      return fetch(`${server.url}${API_PATHS.upload}`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin: user.origin },
        body: form,
      });
    };

    // Killed once the upload has arrived and its audio is being recognised.
    const interrupted = upload().catch(() => null);
    await killWhileRecognising(server);
    await interrupted;

    server = await startServer('all', env, { port });
    running.push(server);
    // What arrived before the kill gets its notes even if the client never comes back.
    const restored = await until(
      'notes for what arrived before the kill',
      async () => {
        const response = await call(server, user, 'GET', API_PATHS.patientSession(sessionId));
        const detail = patientSessionDetailSchema.parse(await response.json());
        return detail.transcript.trim() !== '' && detail.notes.some((note) => note.draft) && detail;
      },
      240_000,
      500,
    );
    expect(restored.notes.map((note) => note.templateId)).toEqual([1]);

    const answer = await until(
      'the upload’s result',
      async () => {
        const response = await upload();
        if (response.status !== 503) return response;
        // Still at work: asked again, as the browser does after Retry-After.
        await response.arrayBuffer();
        return null;
      },
      240_000,
      500,
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = uploadResponseSchema.parse(await answer.json());
    // One line per segment, each with what was said: nothing lost, nothing twice.
    const lines = body.transcription.split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.split(/\s+/).length).toBeGreaterThan(3);
    expect(body.outputs).toHaveLength(1);
  }, 600_000);
});
