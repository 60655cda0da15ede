import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { templates } from './reference';

/**
 * What Clerkly learned from a clinician's edits to one template's drafts (issue 27, item 3;
 * docs/decisions/023): counts per section (engine `LearnedStyle`), no note text. Sealed like note
 * text all the same: which words a clinician keeps or deletes still tells of their patients.
 * One row per clinician and template; reset deletes it.
 */
export const styleProfiles = pgTable(
  'style_profiles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    /** Sealed JSON of the learned counts. */
    learnedSealed: text('learned_sealed').notNull(),
    /** Saved notes learned from (readable without opening the counts). */
    notesLearned: integer('notes_learned').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.templateId] })],
);
