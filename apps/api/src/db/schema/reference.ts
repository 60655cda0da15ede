import { integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';

/**
 * Reference data (spec point 3). Ids are assigned by the seed from fixed catalogues, never by a
 * sequence, so they are the same on every installation and can be linked to from saved profiles.
 */
export const professions = pgTable('professions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const appointmentTypes = pgTable('appointment_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const templates = pgTable('templates', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  medicalProfession: text('medical_profession').notNull(),
  /** 1 = recommended (spec point 3 keeps it numeric). */
  recommend: smallint('recommend').notNull().default(0),
  kind: text('kind').notNull(),
});

export const templateTopics = pgTable(
  'template_topics',
  {
    id: integer('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** Short instruction to the note engines about what belongs in this section. */
    guidance: text('guidance').notNull(),
  },
  (table) => [unique('template_topics_template_position').on(table.templateId, table.position)],
);
