import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TemplateSectionFormat } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import { clinicMembers, templates, templateTopics } from '../../db/schema';
import type { NoteTemplate, NoteTopic, TemplateKind } from '../../engines/notes/note-engine';

/**
 * Every read of the templates a clinician may use: the catalogue (written only by the seed,
 * `db/seed/`), their own (issue 27, `modules/own-templates`) and their clinic's shared ones
 * (issue 29, `modules/clinics`), as the lists the app shows and as the note engines take them.
 * No query here returns another clinician's template or another clinic's.
 */

/** The catalogue: neither a clinician's own template nor a clinic's. */
export const isCatalogue = (): SQL =>
  and(isNull(templates.ownerUserId), isNull(templates.clinicId))!;

/**
 * Shared templates of the clinic `userId` belongs to now: membership is read in the same query,
 * so a removed member loses them with the very next request.
 */
const sharedWith = (userId: string): SQL =>
  sql`${templates.clinicId} in (select ${clinicMembers.clinicId} from ${clinicMembers} where ${clinicMembers.userId} = ${userId})`;

/** The catalogue, `userId`'s own and their clinic's templates; archived ones only when asked for. */
export function visibleTo(userId: string, options: { archived?: boolean } = {}): SQL {
  const mine = or(eq(templates.ownerUserId, userId), sharedWith(userId))!;
  return or(isCatalogue(), options.archived ? mine : and(mine, isNull(templates.archivedAt)))!;
}

/**
 * Names by id of templates a record already refers to (audit events, note versions), whoever may
 * use them now: a history names the template it was written with.
 */
export async function templateNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(inArray(templates.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export const listTemplateNames = (db: Db) =>
  db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(isCatalogue())
    .orderBy(asc(templates.id));

export const listOwnTemplateNames = (db: Db, userId: string) =>
  db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(and(eq(templates.ownerUserId, userId), isNull(templates.archivedAt)))
    .orderBy(asc(templates.name), asc(templates.id));

const templateColumns = {
  id: templates.id,
  name: templates.name,
  description: templates.description,
  medicalProfession: templates.medicalProfession,
  recommend: templates.recommend,
};

export const listTemplates = (db: Db) =>
  db.select(templateColumns).from(templates).where(isCatalogue()).orderBy(asc(templates.id));

export const listOwnTemplates = (db: Db, userId: string) =>
  db
    .select(templateColumns)
    .from(templates)
    .where(and(eq(templates.ownerUserId, userId), isNull(templates.archivedAt)))
    .orderBy(asc(templates.name), asc(templates.id));

/** The shared templates of `userId`'s clinic, for the lists of /create-notes and /templates. */
export const listClinicTemplates = (db: Db, userId: string) =>
  db
    .select(templateColumns)
    .from(templates)
    .where(and(sharedWith(userId), isNull(templates.archivedAt)))
    .orderBy(asc(templates.name), asc(templates.id));

export const listClinicTemplateNames = (db: Db, userId: string) =>
  db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(and(sharedWith(userId), isNull(templates.archivedAt)))
    .orderBy(asc(templates.name), asc(templates.id));

/** Whether `userId` may read template `id` (archived own templates too: their notes open). */
export const templateVisible = async (db: Db, id: number, userId: string) =>
  (
    await db
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, id), visibleTo(userId, { archived: true })))
  ).length > 0;

/** Which of `ids` name a template `userId` may choose now. */
export const existingTemplateIds = async (
  db: Db,
  ids: number[],
  userId: string,
): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(inArray(templates.id, ids), visibleTo(userId)));
  return new Set(rows.map((row) => row.id));
};

export const listTopicsOfTemplate = (db: Db, templateId: number) =>
  db
    .select()
    .from(templateTopics)
    .where(eq(templateTopics.templateId, templateId))
    .orderBy(asc(templateTopics.position));

/** A stored topic as the note engines take it: the owner's choices only where they made them. */
function noteTopic(topic: typeof templateTopics.$inferSelect): NoteTopic {
  return {
    name: topic.name,
    guidance: topic.guidance,
    ...(topic.format ? { format: topic.format as TemplateSectionFormat } : {}),
    ...(topic.verbatim ? { verbatim: topic.verbatim } : {}),
    ...(topic.example ? { example: topic.example } : {}),
  };
}

/**
 * Templates `access.userId` may use, with their ordered topics, as the note engines take them,
 * keyed by id. A request for new notes leaves archived templates out; a job already asked for
 * (`archived: true`) still finds the template its clinician chose.
 */
export async function loadNoteTemplates(
  db: Db,
  ids: number[],
  access: { userId: string; archived?: boolean },
): Promise<Map<number, NoteTemplate>> {
  if (ids.length === 0) return new Map();
  const [rows, topics] = await Promise.all([
    db
      .select()
      .from(templates)
      .where(
        and(
          inArray(templates.id, ids),
          visibleTo(access.userId, { archived: access.archived ?? false }),
        ),
      ),
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
        topics: topics.filter((topic) => topic.templateId === row.id).map(noteTopic),
      },
    ]),
  );
}
