import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  generationOutputs,
  generations,
  sessionNotes,
  templates,
  templateTopics,
  users,
} from '../../db/schema';
import { isCatalogue } from '../reference-data/templates.repository';

/** Queries of a clinician's own templates (issue 27); every one is scoped to its owner. */

export type TemplateRow = typeof templates.$inferSelect;
export type TopicRow = typeof templateTopics.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

/** The owner's templates in use (not archived), each with its topics in order. */
export async function listOwnWithTopics(
  db: Queryable,
  userId: string,
  id?: number,
): Promise<{ template: TemplateRow; topics: TopicRow[] }[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.ownerUserId, userId),
        isNull(templates.archivedAt),
        id === undefined ? undefined : eq(templates.id, id),
      ),
    )
    .orderBy(asc(templates.name), asc(templates.id));
  if (rows.length === 0) return [];
  const topics = await db
    .select()
    .from(templateTopics)
    .where(
      inArray(
        templateTopics.templateId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(templateTopics.templateId), asc(templateTopics.position));
  return rows.map((template) => ({
    template,
    topics: topics.filter((topic) => topic.templateId === template.id),
  }));
}

/** Holds the owner's row for the transaction, so two creations cannot both pass the limit. */
export async function lockOwner(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countOwnInUse(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(templates)
    .where(and(eq(templates.ownerUserId, userId), isNull(templates.archivedAt)));
  return row?.n ?? 0;
}

/** Whether `name` is taken by the catalogue or by another of the owner's templates in use. */
export async function nameTaken(tx: Tx, userId: string, name: string, exceptId?: number) {
  const rows = await tx
    .select({
      id: templates.id,
      ownerUserId: templates.ownerUserId,
      clinicId: templates.clinicId,
      archivedAt: templates.archivedAt,
    })
    .from(templates)
    .where(
      and(
        eq(templates.name, name),
        exceptId === undefined ? undefined : ne(templates.id, exceptId),
      ),
    );
  // A clinic's shared template of that name does not take it: the clinician may copy it.
  return rows.some(
    (row) =>
      (row.ownerUserId === null && row.clinicId === null) ||
      (row.ownerUserId === userId && !row.archivedAt),
  );
}

export async function isCatalogueTemplate(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, id), isCatalogue()));
  return rows.length > 0;
}

export async function insertTemplate(tx: Tx, values: typeof templates.$inferInsert) {
  const [row] = await tx.insert(templates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  tx: Tx,
  userId: string,
  id: number,
  values: Partial<typeof templates.$inferInsert>,
) {
  const [row] = await tx
    .update(templates)
    .set(values)
    .where(
      and(eq(templates.id, id), eq(templates.ownerUserId, userId), isNull(templates.archivedAt)),
    )
    .returning();
  return row;
}

export async function replaceTopics(
  tx: Tx,
  templateId: number,
  topics: Omit<typeof templateTopics.$inferInsert, 'templateId' | 'id'>[],
) {
  await tx.delete(templateTopics).where(eq(templateTopics.templateId, templateId));
  return tx
    .insert(templateTopics)
    .values(topics.map((topic) => ({ ...topic, templateId })))
    .returning();
}

/** Whether a note (saved, drafted, or asked for and not yet written) refers to the template. */
export async function templateInUse(tx: Tx, templateId: number): Promise<boolean> {
  // One question at a time on the transaction's one connection (node-postgres deprecates a
  // second query sent before the first has answered); the first "yes" ends it.
  const saved = await tx
    .select({ id: sessionNotes.id })
    .from(sessionNotes)
    .where(eq(sessionNotes.templateId, templateId))
    .limit(1);
  if (saved.length > 0) return true;
  const drafted = await tx
    .select({ id: generationOutputs.generationId })
    .from(generationOutputs)
    .where(eq(generationOutputs.templateId, templateId))
    .limit(1);
  if (drafted.length > 0) return true;
  const asked = await tx
    .select({ id: generations.id })
    .from(generations)
    .where(sql`${generations.templateIds} @> ${JSON.stringify([templateId])}::jsonb`)
    .limit(1);
  return asked.length > 0;
}

export async function deleteTemplate(tx: Tx, userId: string, id: number) {
  await tx.delete(templates).where(and(eq(templates.id, id), eq(templates.ownerUserId, userId)));
}
