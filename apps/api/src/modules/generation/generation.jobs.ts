import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { advanceGenerationJob, resendStaleGenerations } from './advance-generation.job';
import type { WorkerDeps } from './generation.worker';
import { transcribeSegmentJob } from './transcribe-segment.job';
import { writeNoteJob } from './write-note.job';

/** The generation's background jobs (issue 9). A new job is its `*.job.ts` file and a line here. */
const GENERATION_JOBS = [transcribeSegmentJob, advanceGenerationJob, writeNoteJob];

/** What the generation's jobs work with, taken from the app (a test runs a job with it). */
export const workerDepsOf = (app: FastifyInstance): WorkerDeps => ({
  db: app.database.db,
  cipher: app.cipher,
  jobs: app.jobs,
  entitlements: app.entitlements,
  stt: app.engines.stt,
  notes: app.engines.notes,
  keepAudio: app.config.audioRetention === 'keep',
  log: app.log,
});

/**
 * Defines the generation's queues in every process, and runs their jobs in a process whose role
 * runs jobs (`all`, `worker`). An `api` process only sends jobs.
 */
export default fp(
  async (app) => {
    const deps = workerDepsOf(app);
    await app.jobs.register(GENERATION_JOBS, deps, app.config.jobs);
    if (app.config.role === 'api') return;
    const stopResending = resendStaleGenerations(deps);
    app.addHook('preClose', async () => stopResending());
  },
  { name: 'generation-jobs', dependencies: ['jobs', 'engines', 'database', 'entitlements'] },
);
