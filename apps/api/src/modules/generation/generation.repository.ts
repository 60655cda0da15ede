import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { templates, templateTopics } from '../../db/schema';
import type { NoteTemplate, TemplateKind } from '../../engines/notes/note-engine';

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
