import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentTypes } from '../../db/schema';

/**
 * Issue 13: the template catalogue and the appointment types are written only by the seed at
 * start-up (`db/seed/seed.ts`, before the server listens) and never by a request, so each process
 * reads them once instead of once per request. A new catalogue arrives with a deploy, which
 * restarts every process. A failed read is not kept: the next request reads again.
 */
export function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | null = null;
  return () => {
    kept ??= read().catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
}

export const listAppointmentTypes = (db: Db) =>
  db.select().from(appointmentTypes).orderBy(asc(appointmentTypes.id));
