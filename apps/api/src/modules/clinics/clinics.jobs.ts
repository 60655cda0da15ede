import fp from 'fastify-plugin';
import { clinicRetentionJob, type ClinicJobDeps } from './clinic-retention.job';

/** The clinics' background jobs (issue 29). A new job is its `*.job.ts` file and a line here. */
const CLINIC_JOBS = [clinicRetentionJob];

/** Every day at 03:00 UTC, when consultations are fewest. */
const RETENTION_CRON = '0 3 * * *';

/** Defines the clinics' queues in every process; runs their jobs where the role runs jobs. */
export default fp(
  async (app) => {
    const deps: ClinicJobDeps = { db: app.database.db, log: app.log };
    await app.jobs.register(CLINIC_JOBS, deps, app.config.jobs);
    await app.jobs.schedule(clinicRetentionJob, RETENTION_CRON, {});
  },
  { name: 'clinic-jobs', dependencies: ['jobs', 'database'] },
);
