import fp from 'fastify-plugin';
import { queueSpecs } from './pipeline.queues';
import { startPipelineWorkers } from './pipeline.worker';

/**
 * The pipeline's queues, and its workers in a process whose role runs jobs (`all`, `worker`).
 * An `api` process only sends jobs.
 */
export default fp(
  async (app) => {
    await app.jobs.defineQueues(queueSpecs(app.config.jobs.retryDelaySeconds));
    if (app.config.role === 'api') return;
    const stopReconciler = await startPipelineWorkers(
      app.jobs,
      {
        db: app.database.db,
        cipher: app.cipher,
        jobs: app.jobs,
        entitlements: app.entitlements,
        stt: app.engines.stt,
        notes: app.engines.notes,
        keepAudio: app.config.audioRetention === 'keep',
        log: app.log,
      },
      {
        transcribe: app.config.jobs.transcribeConcurrency,
        notes: app.config.jobs.notesConcurrency,
      },
    );
    app.addHook('preClose', async () => stopReconciler());
  },
  { name: 'pipeline-jobs', dependencies: ['jobs', 'engines', 'database', 'entitlements'] },
);
