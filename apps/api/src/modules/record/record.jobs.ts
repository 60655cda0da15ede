import fp from 'fastify-plugin';
import type { RecordDeps } from './send-to-record.job';
import { sendToRecordJob } from './send-to-record.job';

/** The record's background jobs (issue 28). A new job is its `*.job.ts` file and a line here. */
const RECORD_JOBS = [sendToRecordJob];

/** Defines the record's queues in every process; runs their jobs where the role runs jobs. */
export default fp(
  async (app) => {
    const deps: RecordDeps = {
      db: app.database.db,
      cipher: app.cipher,
      record: app.config.record,
      log: app.log,
    };
    await app.jobs.register(RECORD_JOBS, deps, app.config.jobs);
  },
  { name: 'record-jobs', dependencies: ['jobs', 'database'] },
);
