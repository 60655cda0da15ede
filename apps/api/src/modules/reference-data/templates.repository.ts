import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { templates, templateTopics } from '../../db/schema';
import type { NoteTemplate, TemplateKind } from '../../engines/notes/note-engine';

/**
 * Every read of the template catalogue: the lists the app shows, and templates with their topics
 * as the note engines take them. The catalogue is written only by the seed (`db/seed/`).
 */

export const listTemplateNames = (db: Db) =>
  db.select({ id: templates.id, name: templates.name }).from(templates).orderBy(asc(templates.id));

export const listTemplates = (db: Db) =>
  db
    .select({
      id: templates.id,
      name: templates.name,
      description: templates.description,
      medicalProfession: templates.medicalProfession,
      recommend: templates.recommend,
    })
    .from(templates)
    .orderBy(asc(templates.id));

export const templateExists = async (db: Db, id: number) =>
  (await db.select({ id: templates.id }).from(templates).where(eq(templates.id, id))).length > 0;

/** Which of `ids` name a template. */
export const existingTemplateIds = async (db: Db, ids: number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: templates.id })
    .from(templates)
    .where(inArray(templates.id, ids));
  return new Set(rows.map((row) => row.id));
};

export const listTopicsOfTemplate = (db: Db, templateId: number) =>
  db
    .select()
    .from(templateTopics)
    .where(eq(templateTopics.templateId, templateId))
    .orderBy(asc(templateTopics.position));

/** Templates with their ordered topics, as the note engines take them, keyed by id. */
export async function loadNoteTemplates(db: Db, ids: number[]): Promise<Map<number, NoteTemplate>> {
  if (ids.length === 0) return new Map();
  const [rows, topics] = await Promise.all([
    db.select().from(templates).where(inArray(templates.id, ids)),
    db
      .select()
      .from(templateTopics)
      .where(inArray(templateTopics.templateId, ids))
      .orderBy(asc(templateTopics.templateId), asc(templateTopics.position)),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        kind: row.kind as TemplateKind,
        topics: topics
          .filter((topic) => topic.templateId === row.id)
          .map((topic) => ({ name: topic.name, guidance: topic.guidance })),
      },
    ]),
  );
}
