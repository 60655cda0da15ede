import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PATHS, generationSchema } from '@clerkly/contracts';
import {
  call,
  childProcessesOf,
  deploymentEnv,
  freePort,
  isRunning,
  putSegment,
  signUp,
  speech,
  startServer,
  until,
  untilGenerationEnds,
  type ServerProcess,
} from './harness';

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

describe('the embedded server (one process, PGlite) killed with SIGKILL', () => {
  it('mid-transcription: nothing outlives it, and after a restart the recording goes on and the notes come', async () => {
    const audio = lines.map((line) => speech(workDir, line));
    const port = await freePort();
    const env = deploymentEnv(dataDir, { TRANSCRIBE_CONCURRENCY: '1' });
    let server = await startServer('all', env, { port });
    running.push(server);
    const user = await signUp(server, server.url, path.join(dataDir, 'outbox'));
    const created = await call(server, user, 'POST', API_PATHS.patientSessions, {
      firstName: 'Sam Sample',
      appointmentTypeId: 1,
      patientConsent: true,
    });
    const sessionId = ((await created.json()) as { id: number }).id;

    // Recording: the first two segments arrive while the server transcribes them.
    for (const [seq, wav] of audio.slice(0, 2).entries()) {
      const response = await putSegment(server, user, sessionId, seq, wav);
      expect(response.status).toBe(200);
    }
    // Mid-job: a recogniser of this server is decoding patient audio.
    const serverPid = server.child.pid!;
    const decoder = await until(
      'a running recogniser',
      async () => childProcessesOf(serverPid, 'pocketsphinx')[0],
      120_000,
      10,
    );
    await server.kill('SIGKILL');
    await until('the recogniser to die with the server', async () => !isRunning(decoder), 10_000);

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
