import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionNotes, templates, users } from '../../db/schema';

/** The clinician as a letter names them: profile name and profession. */
export async function findClinician(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      profession: users.profession,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A session's saved notes (never drafts) with their templates, in template order. */
export async function listSavedNotesWithTemplates(db: Db, sessionId: number) {
  return db
    .select({
      id: sessionNotes.id,
      templateId: sessionNotes.templateId,
      contentSealed: sessionNotes.contentSealed,
      savedAt: sessionNotes.savedAt,
      templateName: templates.name,
      templateKind: templates.kind,
    })
    .from(sessionNotes)
    .innerJoin(templates, eq(templates.id, sessionNotes.templateId))
    .where(and(eq(sessionNotes.sessionId, sessionId), isNotNull(sessionNotes.contentSealed)))
    .orderBy(asc(sessionNotes.templateId));
}
