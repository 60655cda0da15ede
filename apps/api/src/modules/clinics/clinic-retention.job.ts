import { CLINIC_RETENTION_INTERVALS, type ClinicRetention } from '@clerkly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { recordAuditEvent } from '../audit/audit.service';
import { deleteExpiredSessions, listClinicsWithRetention } from './clinics.repository';

/** What the retention job runs with. */
export interface ClinicJobDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * Sessions deleted per transaction: a clinic with years of sessions expiring at once (a switch
 * from 7 years to 30 days) is deleted in short transactions rather than one long lock.
 */
const DELETE_BATCH = 200;

/**
 * Deletes, for every clinic that does not keep sessions forever, its members' saved sessions
 * older than the clinic's setting. Each deletion writes a `session.expired` audit event in the
 * owner's name in the same transaction; the session's earlier events stay (append-only, no
 * foreign key). Idempotent: a second run finds nothing more to delete.
 */
export async function deleteExpiredClinicSessions(deps: ClinicJobDeps): Promise<number> {
  let deleted = 0;
  for (const clinic of await listClinicsWithRetention(deps.db)) {
    const interval = CLINIC_RETENTION_INTERVALS[clinic.retention as ClinicRetention];
    if (!interval) continue;
    for (;;) {
      const rows = await deps.db.transaction(async (tx) => {
        const gone = await deleteExpiredSessions(tx, clinic.id, interval, DELETE_BATCH);
        for (const row of gone) {
          await recordAuditEvent(
            tx,
            { kind: 'session.expired', sessionId: row.id },
            { userId: row.userId, address: null },
          );
        }
        return gone;
      });
      deleted += rows.length;
      if (rows.length < DELETE_BATCH) break;
    }
  }
  // Counts only: ids and text of sessions stay out of the log.
  deps.log.info({ deleted }, 'Clinic retention: expired saved sessions deleted');
  return deleted;
}

/**
 * The daily retention run (issue 29 item 5), scheduled by pg-boss's cron (`clinics.jobs.ts`):
 * one job a day across all processes, whichever worker fetches it.
 */
export const clinicRetentionJob = defineJob({
  name: 'clinic-retention',
  payload: z.object({}),
  key: () => 'clinic-retention',
  retry: { limit: 3, expireInSeconds: 30 * 60 },
  concurrency: 1,
  handle: async (deps: ClinicJobDeps) => {
    await deleteExpiredClinicSessions(deps);
  },
});
