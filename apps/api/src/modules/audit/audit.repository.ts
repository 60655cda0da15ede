import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

export type AuditEventValues = typeof auditEvents.$inferInsert;

/** The only write there is: the table refuses UPDATE, DELETE and TRUNCATE (migration 0008). */
export async function insertAuditEvents(db: Db, values: AuditEventValues[]) {
  if (values.length === 0) return;
  await db.insert(auditEvents).values(values);
}

/** A session's events, oldest first, with the name of whoever acted. */
export async function listSessionEvents(db: Db, sessionId: number) {
  return db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      kind: auditEvents.kind,
      templateIds: auditEvents.templateIds,
      version: auditEvents.version,
      address: auditEvents.address,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(eq(auditEvents.sessionId, sessionId))
    .orderBy(asc(auditEvents.id));
}
