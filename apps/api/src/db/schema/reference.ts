import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { clinics } from './clinics';

/**
 * Reference data (spec point 3). Catalogue ids are assigned by the seed from fixed catalogues, so
 * they are the same on every installation and can be linked to from saved profiles. A clinician's
 * own templates (issue 27, docs/decisions/020) live in the same tables, numbered from a sequence
 * that starts far above the catalogue, so every template id means one template everywhere.
 */
export const professions = pgTable('professions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const appointmentTypes = pgTable('appointment_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** First id of a clinician's own template; the catalogue stays below it. */
export const OWN_TEMPLATE_FIRST_ID = 100_000;
/** First id of an own template's topic; catalogue topic ids are template id × 1000 + position. */
export const OWN_TOPIC_FIRST_ID = 10_000_000;

export const templates = pgTable(
  'templates',
  {
    id: integer('id')
      .primaryKey()
      .generatedByDefaultAsIdentity({ startWith: OWN_TEMPLATE_FIRST_ID }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    medicalProfession: text('medical_profession').notNull(),
    /** 1 = recommended (spec point 3 keeps it numeric). */
    recommend: smallint('recommend').notNull().default(0),
    kind: text('kind').notNull(),
    /**
     * Null for the catalogue and for a clinic's shared templates; the clinician who owns the
     * template otherwise.
     */
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The clinic a shared template belongs to (issue 29): its members may use it, nobody may edit
     * it. Null for the catalogue and own templates; the catalogue is `owner and clinic are null`.
     */
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    /** The catalogue template an own template was copied from. */
    copiedFromId: integer('copied_from_id').references((): AnyPgColumn => templates.id, {
      onDelete: 'set null',
    }),
    /**
     * Set when the owner deletes a template that saved notes use: it leaves their lists but those
     * notes still open with its name.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One name per owner among the templates in use; the catalogue's names are unique too.
    uniqueIndex('templates_catalogue_name')
      .on(table.name)
      .where(sql`${table.ownerUserId} is null and ${table.clinicId} is null`),
    uniqueIndex('templates_owner_name')
      .on(table.ownerUserId, table.name)
      .where(sql`${table.ownerUserId} is not null and ${table.archivedAt} is null`),
    index('templates_owner_idx').on(table.ownerUserId),
    uniqueIndex('templates_clinic_name')
      .on(table.clinicId, table.name)
      .where(sql`${table.clinicId} is not null and ${table.archivedAt} is null`),
  ],
);

export const templateTopics = pgTable(
  'template_topics',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: OWN_TOPIC_FIRST_ID }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** Short instruction to the note engines about what belongs in this section. */
    guidance: text('guidance').notNull(),
    /** `prose` or `bullets` when the template's owner chose; null lets the writers decide. */
    format: text('format'),
    /** Fixed wording the note always carries in this section, as given. */
    verbatim: text('verbatim'),
    /** The owner's own writing of this section (identifiers removed), a style example. */
    example: text('example'),
  },
  (table) => [unique('template_topics_template_position').on(table.templateId, table.position)],
);
