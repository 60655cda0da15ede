import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patientSessions, sessionNotes, styleProfiles } from '../../db/schema';

/** Queries of learned styles (issue 27, item 3); every one is scoped to the clinician. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export async function findStyleProfile(
  db: Queryable,
  userId: string,
  templateId: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(styleProfiles)
    .where(and(eq(styleProfiles.userId, userId), eq(styleProfiles.templateId, templateId)));
  // Two saves of the same template at once each add their note: the second waits for the first.
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row ?? null;
}

export async function writeStyleProfile(
  db: Queryable,
  values: { userId: string; templateId: number; learnedSealed: string; notesLearned: number },
) {
  const now = new Date();
  await db
    .insert(styleProfiles)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [styleProfiles.userId, styleProfiles.templateId],
      set: {
        learnedSealed: values.learnedSealed,
        notesLearned: values.notesLearned,
        updatedAt: now,
      },
    });
}

export async function deleteStyleProfile(db: Queryable, userId: string, templateId: number) {
  await db
    .delete(styleProfiles)
    .where(and(eq(styleProfiles.userId, userId), eq(styleProfiles.templateId, templateId)));
}

/** The clinician's most recently saved notes of a template, with their patient's names (sealed). */
export function recentSavedNotes(db: Queryable, userId: string, templateId: number, limit: number) {
  return db
    .select({
      sessionId: sessionNotes.sessionId,
      contentSealed: sessionNotes.contentSealed,
      firstNameSealed: patientSessions.firstNameSealed,
      lastNameSealed: patientSessions.lastNameSealed,
    })
    .from(sessionNotes)
    .innerJoin(patientSessions, eq(patientSessions.id, sessionNotes.sessionId))
    .where(
      and(
        eq(sessionNotes.userId, userId),
        eq(patientSessions.userId, userId),
        eq(sessionNotes.templateId, templateId),
        isNotNull(sessionNotes.contentSealed),
      ),
    )
    .orderBy(desc(sessionNotes.savedAt), desc(sessionNotes.id))
    .limit(limit);
}
