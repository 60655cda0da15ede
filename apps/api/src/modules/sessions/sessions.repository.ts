import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentTypes, patientSessions, sessionNotes, templates } from '../../db/schema';

export type PatientSessionRow = typeof patientSessions.$inferSelect;

export async function appointmentTypeExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(eq(appointmentTypes.id, id));
  return rows.length > 0;
}

export async function findTemplates(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(templates).where(inArray(templates.id, ids));
}

export async function insertSession(db: Db, values: typeof patientSessions.$inferInsert) {
  const [row] = await db.insert(patientSessions).values(values).returning();
  return row!;
}

/** A session only ever comes back for its owner: other users' ids look like missing ones. */
export async function findOwnedSession(db: Db, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(patientSessions)
    .where(and(eq(patientSessions.id, id), eq(patientSessions.userId, userId)));
  return row ?? null;
}

export async function updateSession(
  db: Db,
  id: number,
  values: Partial<typeof patientSessions.$inferInsert>,
) {
  await db
    .update(patientSessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(patientSessions.id, id));
}

export async function upsertNote(
  db: Db,
  values: {
    sessionId: number;
    userId: string;
    templateId: number;
    draftSealed?: string;
    contentSealed?: string;
    draftEvidenceSealed?: string;
    contentEvidenceSealed?: string;
    savedAt?: Date;
  },
) {
  const now = new Date();
  await db
    .insert(sessionNotes)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [sessionNotes.sessionId, sessionNotes.templateId],
      set: {
        ...(values.draftSealed !== undefined ? { draftSealed: values.draftSealed } : {}),
        ...(values.contentSealed !== undefined ? { contentSealed: values.contentSealed } : {}),
        ...(values.draftEvidenceSealed !== undefined
          ? { draftEvidenceSealed: values.draftEvidenceSealed }
          : {}),
        ...(values.contentEvidenceSealed !== undefined
          ? { contentEvidenceSealed: values.contentEvidenceSealed }
          : {}),
        ...(values.savedAt !== undefined ? { savedAt: values.savedAt } : {}),
        updatedAt: now,
      },
    });
}

export async function listNotesOfSession(db: Db, sessionId: number) {
  return db
    .select()
    .from(sessionNotes)
    .where(eq(sessionNotes.sessionId, sessionId))
    .orderBy(asc(sessionNotes.id));
}

/** Saved notes of one user, newest consultation first, optionally between two instants. */
export async function listSavedNotes(db: Db, userId: string, from?: Date, to?: Date) {
  return db
    .select({
      id: sessionNotes.id,
      sessionId: sessionNotes.sessionId,
      templateId: sessionNotes.templateId,
      templateName: templates.name,
      contentSealed: sessionNotes.contentSealed,
      firstNameSealed: patientSessions.firstNameSealed,
      createdAt: patientSessions.createdAt,
    })
    .from(sessionNotes)
    .innerJoin(patientSessions, eq(patientSessions.id, sessionNotes.sessionId))
    .innerJoin(templates, eq(templates.id, sessionNotes.templateId))
    .where(
      and(
        eq(sessionNotes.userId, userId),
        isNotNull(sessionNotes.contentSealed),
        from ? gte(patientSessions.createdAt, from) : sql`true`,
        to ? lte(patientSessions.createdAt, to) : sql`true`,
      ),
    )
    .orderBy(desc(patientSessions.createdAt), asc(sessionNotes.templateId));
}
