import { PROFESSIONS } from '@clerkly/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appointmentTypes, professions, templates, templateTopics } from '../schema';
import { APPOINTMENT_TYPES } from './appointment-types';
import { TEMPLATE_CATALOGUE } from './template-catalogue';

/**
 * Topic ids are derived from their template and position so that re-seeding an updated
 * catalogue keeps every id stable; a template may hold up to 999 topics.
 */
const topicId = (templateId: number, position: number): number => templateId * 1000 + position;

/**
 * Writes the reference data of spec point 3. Idempotent: it upserts by id, so it runs at every
 * start and brings an older database up to the current catalogue without touching user data.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(professions)
      .values(PROFESSIONS.map((name, index) => ({ id: index + 1, name })))
      .onConflictDoUpdate({ target: professions.id, set: { name: sql`excluded.name` } });

    await tx
      .insert(appointmentTypes)
      .values(APPOINTMENT_TYPES.map((name, index) => ({ id: index + 1, name })))
      .onConflictDoUpdate({ target: appointmentTypes.id, set: { name: sql`excluded.name` } });

    await tx
      .insert(templates)
      .values(
        TEMPLATE_CATALOGUE.map((template, index) => ({
          id: index + 1,
          name: template.name,
          description: template.description,
          medicalProfession: template.medicalProfession,
          recommend: template.recommend,
          kind: template.kind,
        })),
      )
      .onConflictDoUpdate({
        target: templates.id,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          medicalProfession: sql`excluded.medical_profession`,
          recommend: sql`excluded.recommend`,
          kind: sql`excluded.kind`,
        },
      });

    const topicRows = TEMPLATE_CATALOGUE.flatMap((template, templateIndex) =>
      template.topics.map((topic, topicIndex) => ({
        id: topicId(templateIndex + 1, topicIndex + 1),
        templateId: templateIndex + 1,
        position: topicIndex + 1,
        name: topic.name,
        guidance: topic.guidance,
      })),
    );
    // Topics removed from a template in the catalogue disappear from the database as well.
    await tx.delete(templateTopics).where(
      sql`${templateTopics.id} not in (${sql.join(
        topicRows.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
    await tx
      .insert(templateTopics)
      .values(topicRows)
      .onConflictDoUpdate({
        target: templateTopics.id,
        set: { name: sql`excluded.name`, guidance: sql`excluded.guidance` },
      });
  });
}
