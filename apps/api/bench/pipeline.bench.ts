/**
 * `npm run bench:pipeline [-- --minutes 5 --rounds 3 --templates 1,2]` (issue 9): a consultation played into
 * the running server at real-time pace through the segment path, as the browser does (segments
 * cut at pauses, uploaded as they are cut), then Stop → notes ready for two templates. In the same
 * run the same audio goes through the seed's upload-at-Stop path. Not a timed test: it prints the
 * figures for the README. The server is the embedded default (one process, PGlite), started fresh.
 *
 * Speech: espeak-ng renderings of ACI-BENCH dialogues (../shared/data/speech; Yim et al., Nature
 * Scientific Data 2023, CC BY 4.0), repeated to the chosen length.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { API_PATHS, generationSchema } from '@clerkly/contracts';
import { TARGET_SAMPLE_RATE, encodeWav } from '../src/engines/audio/wav';
import {
  call,
  deploymentEnv,
  putSegment,
  signUp,
  startServer,
  untilGenerationEnds,
  type Clinician,
  type ServerProcess,
} from '../test/processes/harness';
import { consultation, segmentsOf } from './consultation-audio';
import { median, newBenchSession, uploadAtStopSeconds } from './bench-support';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    /** Consultations per path; the figures are their medians. */
    rounds: { type: 'string', default: '3' },
    templates: { type: 'string', default: '1,2' },
  },
});
const minutes = Number(values.minutes);
const rounds = Number(values.rounds);
const templateIds = values.templates.split(',').map(Number);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function segmentPath(server: ServerProcess, user: Clinician, samples: Int16Array) {
  const sessionId = await newBenchSession(server, user);
  const segments = segmentsOf(samples);
  const began = performance.now();
  let playedSamples = 0;
  for (const [seq, segment] of segments.entries()) {
    playedSamples += segment.length;
    // The segment exists once the recording has reached its end.
    await sleep((playedSamples / TARGET_SAMPLE_RATE) * 1000 - (performance.now() - began));
    const response = await putSegment(server, user, sessionId, seq, encodeWav(segment));
    if (response.status !== 200) throw new Error(`segment ${seq}: ${response.status}`);
  }
  // Stop.
  const stop = performance.now();
  const transcript = (await (
    await call(server, user, 'GET', API_PATHS.sessionTranscript(sessionId))
  ).json()) as { pendingSeconds: number };
  const started = await call(server, user, 'POST', API_PATHS.sessionGenerations(sessionId), {
    templateIds,
    segmentCount: segments.length,
  });
  const { id } = generationSchema.parse(await started.json());
  const done = await untilGenerationEnds('notes', server, user, id, 60 * 60_000, 100);
  if (done.status !== 'done') throw new Error(`generation failed: ${done.error}`);
  return {
    stopToNotes: (performance.now() - stop) / 1000,
    segments: segments.length,
    pendingAtStop: transcript.pendingSeconds,
  };
}

async function main() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-pipeline-'));
  const dataDir = path.join(workDir, 'data');
  const server = await startServer('all', deploymentEnv(dataDir, { LOG_LEVEL: 'error' }));
  try {
    const user = await signUp(server, server.url, path.join(dataDir, 'outbox'));
    const samples = await consultation(minutes);
    console.log(
      `bench:pipeline — ${minutes} min consultation, templates ${templateIds.join(', ')}, ` +
        `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}`,
    );
    const live = [];
    for (let round = 0; round < rounds; round += 1) {
      const result = await segmentPath(server, user, samples);
      live.push(result);
      console.log(
        `segment path, round ${round + 1}: Stop → notes ${result.stopToNotes.toFixed(2)} s ` +
          `(${result.segments} segments; ${result.pendingAtStop.toFixed(1)} s of audio ` +
          `untranscribed at Stop; load ${loadavg()[0]!.toFixed(1)})`,
      );
    }
    const upload = [];
    for (let round = 0; round < rounds; round += 1) {
      const result = {
        stopToNotes: await uploadAtStopSeconds(server, user, samples, templateIds),
      };
      upload.push(result);
      console.log(
        `upload at Stop, round ${round + 1}: Stop → notes ${result.stopToNotes.toFixed(2)} s ` +
          `(load ${loadavg()[0]!.toFixed(1)})`,
      );
    }
    const liveMedian = median(live.map((result) => result.stopToNotes));
    const uploadMedian = median(upload.map((result) => result.stopToNotes));
    console.log(
      `medians of ${rounds}: segment path ${liveMedian.toFixed(2)} s, ` +
        `upload at Stop ${uploadMedian.toFixed(2)} s; ` +
        `the segment path is ${(uploadMedian / liveMedian).toFixed(1)}× faster`,
    );
  } finally {
    await server.kill('SIGTERM');
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
