import { integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The columns of pg-boss's own job table (pg-boss 10.4, schema `pgboss`) that the liveness check
 * reads (which jobs are running, `active`, and since when) and that the scheduler raises for a
 * clinician who is waiting (`priority` of the waiting jobs with a given `singleton_key`). pg-boss
 * records no worker per job, so `job_claims` says who runs what. Declared here, not in
 * `db/schema`, so no migration creates it: pg-boss owns the table.
 */
export const bossJobs = pgSchema('pgboss').table('job', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  /** Waiting jobs are fetched highest first, then oldest first (`created_on`). */
  priority: integer('priority').notNull(),
  singletonKey: text('singleton_key'),
  startAfter: timestamp('start_after', { withTimezone: true }).notNull(),
  startedOn: timestamp('started_on', { withTimezone: true }),
});
