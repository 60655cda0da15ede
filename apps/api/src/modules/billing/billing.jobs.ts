import fp from 'fastify-plugin';
import { clinicSeatsJob, type BillingJobDeps } from './clinic-seats.job';

/** Billing's background jobs (issue 29 item 3). A new job is its `*.job.ts` file and a line here. */
const BILLING_JOBS = [clinicSeatsJob];

/** Defines billing's queues in every process; runs their jobs where the role runs jobs. */
export default fp(
  async (app) => {
    const deps: BillingJobDeps = { db: app.database.db, stripe: app.stripe, log: app.log };
    await app.jobs.register(BILLING_JOBS, deps, app.config.jobs);
  },
  { name: 'billing-jobs', dependencies: ['jobs', 'database', 'stripe'] },
);
