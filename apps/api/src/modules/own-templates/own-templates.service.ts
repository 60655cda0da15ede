import {
  ERROR_CODES,
  OWN_TEMPLATE_LIMITS,
  type OwnTemplate,
  type OwnTemplateKind,
  type TemplateSection,
  type TemplateSectionFormat,
  type ownTemplateInputSchema,
} from '@clerkly/contracts';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/client';
import { ConflictError, InputError, NotFoundError } from '../../lib/http-error';
import {
  countOwnInUse,
  deleteTemplate,
  insertTemplate,
  isCatalogueTemplate,
  listOwnWithTopics,
  lockOwner,
  nameTaken,
  replaceTopics,
  templateInUse,
  updateTemplate,
  type TemplateRow,
  type TopicRow,
} from './own-templates.repository';

/**
 * A clinician's own templates (issue 27, docs/decisions/020): private to their owner (another
 * clinician's id is a 404, as if it did not exist), at most `OWN_TEMPLATE_LIMITS.perOwner` in use,
 * names unique among the owner's and the catalogue's, and archived rather than deleted once a
 * note refers to them.
 */

type OwnTemplateInput = z.output<typeof ownTemplateInputSchema>;

const notFound = () => new NotFoundError('Template not found');

/** A template's stored topics as the sections an own or a clinic template is edited in. */
export function sectionsOf(topics: TopicRow[]): TemplateSection[] {
  return topics.map((topic) => ({
    title: topic.name,
    guidance: topic.guidance,
    format: (topic.format ?? 'prose') as TemplateSectionFormat,
    ...(topic.verbatim ? { verbatim: topic.verbatim } : {}),
    ...(topic.example ? { example: topic.example } : {}),
  }));
}

function toOwnTemplate(template: TemplateRow, topics: TopicRow[]): OwnTemplate {
  return {
    id: template.id,
    name: template.name,
    kind: template.kind as OwnTemplateKind,
    description: template.description,
    sections: sectionsOf(topics),
    copiedFromId: template.copiedFromId,
    updatedAt: template.updatedAt.toISOString(),
  };
}

export async function listOwnTemplates(db: Db, userId: string): Promise<OwnTemplate[]> {
  return (await listOwnWithTopics(db, userId)).map(({ template, topics }) =>
    toOwnTemplate(template, topics),
  );
}

export async function getOwnTemplate(db: Db, userId: string, id: number): Promise<OwnTemplate> {
  const [found] = await listOwnWithTopics(db, userId, id);
  if (!found) throw notFound();
  return toOwnTemplate(found.template, found.topics);
}

const topicValues = (input: OwnTemplateInput) =>
  input.sections.map((section, index) => ({
    position: index + 1,
    name: section.title,
    guidance: section.guidance,
    format: section.format,
    verbatim: section.verbatim || null,
    example: section.example || null,
  }));

function describe(input: OwnTemplateInput): string {
  if (input.description) return input.description;
  return `Your ${input.kind}: ${input.sections.map((s) => s.title).join(', ')}`.slice(
    0,
    OWN_TEMPLATE_LIMITS.descriptionChars,
  );
}

/** The unique index's refusal, for two saves of one name that both passed the check. */
const nameInUse = (name: string) =>
  new InputError(`You already have a template called "${name}"`, 'name');

/**
 * Saves a template named `name` through `write`: a concurrent save of the same name, stopped by
 * the unique index after the check in `write` passed, is the same error as a name already taken.
 */
async function savingName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameInUse(name);
    throw error;
  }
}

/** The saved template with its topics replaced by the input's. */
async function withTopics(
  tx: Parameters<typeof replaceTopics>[0],
  template: TemplateRow,
  input: OwnTemplateInput,
): Promise<OwnTemplate> {
  const topics = await replaceTopics(tx, template.id, topicValues(input));
  return toOwnTemplate(template, topics);
}

export async function createOwnTemplate(
  db: Db,
  userId: string,
  input: OwnTemplateInput,
): Promise<OwnTemplate> {
  return savingName(input.name, () =>
    db.transaction(async (tx) => {
      await lockOwner(tx, userId);
      if ((await countOwnInUse(tx, userId)) >= OWN_TEMPLATE_LIMITS.perOwner) {
        throw new ConflictError(
          `You can keep at most ${OWN_TEMPLATE_LIMITS.perOwner} templates; delete one first.`,
          ERROR_CODES.conflict,
        );
      }
      if (await nameTaken(tx, userId, input.name)) throw nameInUse(input.name);
      if (
        input.copiedFromId !== undefined &&
        !(await isCatalogueTemplate(tx, input.copiedFromId))
      ) {
        throw new InputError('Copy a template from the catalogue', 'copiedFromId');
      }
      const template = await insertTemplate(tx, {
        name: input.name,
        kind: input.kind,
        description: describe(input),
        medicalProfession: '',
        recommend: 0,
        ownerUserId: userId,
        copiedFromId: input.copiedFromId ?? null,
      });
      return withTopics(tx, template, input);
    }),
  );
}

export async function updateOwnTemplate(
  db: Db,
  userId: string,
  id: number,
  input: OwnTemplateInput,
): Promise<OwnTemplate> {
  return savingName(input.name, () =>
    db.transaction(async (tx) => {
      if (await nameTaken(tx, userId, input.name, id)) throw nameInUse(input.name);
      const template = await updateTemplate(tx, userId, id, {
        name: input.name,
        kind: input.kind,
        description: describe(input),
        updatedAt: new Date(),
      });
      if (!template) throw notFound();
      return withTopics(tx, template, input);
    }),
  );
}

/** Deleted outright, or archived when a note refers to it (those notes still open). */
export async function deleteOwnTemplate(
  db: Db,
  userId: string,
  id: number,
): Promise<{ outcome: 'deleted' | 'archived' }> {
  return db.transaction(async (tx) => {
    const [found] = await listOwnWithTopics(tx, userId, id);
    if (!found) throw notFound();
    if (await templateInUse(tx, id)) {
      await updateTemplate(tx, userId, id, { archivedAt: new Date(), updatedAt: new Date() });
      return { outcome: 'archived' as const };
    }
    await deleteTemplate(tx, userId, id);
    return { outcome: 'deleted' as const };
  });
}
