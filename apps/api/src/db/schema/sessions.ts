import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ownerIdColumn, users } from './auth';
import { appointmentTypes, templates } from './reference';

/**
 * A consultation (spec point 3 "Patient session"). Columns ending in `Sealed` hold
 * AES-256-GCM sealed text (lib/field-crypto): patient name and transcript never sit in plain text.
 */
export const patientSessions = pgTable(
  'patient_sessions',
  {
    id: serial('id').primaryKey(),
    userId: ownerIdColumn(),
    firstNameSealed: text('first_name_sealed').notNull(),
    lastNameSealed: text('last_name_sealed').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    appointmentTypeId: integer('appointment_type_id')
      .notNull()
      .references(() => appointmentTypes.id),
    patientConsent: boolean('patient_consent').notNull(),
    transcriptSealed: text('transcript_sealed'),
    /** Whole seconds of recorded audio. */
    duration: integer('duration'),
    /** Set by Save Session; generated drafts exist before it. */
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /** Bumped by every save; a save based on an older version is refused (issue 11). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('patient_sessions_user_created_idx').on(table.userId, table.createdAt),
    // My Sessions' pages (issue 13): saved sessions of a user in (created_at, id) order.
    index('patient_sessions_user_saved_created_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(sql`${table.savedAt} is not null`),
  ],
);

/** The patient session a row belongs to, deleted with it. */
export const sessionIdColumn = () =>
  integer('session_id')
    .notNull()
    .references(() => patientSessions.id, { onDelete: 'cascade' });

/**
 * Earlier transcripts of a session: a transcript is never replaced without keeping the one it
 * replaces (issue 11). Sealed like the live one.
 */
export const sessionTranscriptHistory = pgTable(
  'session_transcript_history',
  {
    id: serial('id').primaryKey(),
    sessionId: sessionIdColumn(),
    transcriptSealed: text('transcript_sealed').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('session_transcript_history_session_idx').on(table.sessionId)],
);

/** One note per session and template: the generated draft, then the clinician's saved text. */
export const sessionNotes = pgTable(
  'session_notes',
  {
    id: serial('id').primaryKey(),
    sessionId: sessionIdColumn(),
    /** Denormalised from the session so "my notes between two dates" is one indexed scan. */
    userId: ownerIdColumn(),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id),
    /** The latest generated (or regenerated) text, kept so a crashed tab loses nothing. */
    draftSealed: text('draft_sealed'),
    /** The clinician's text as last saved with Save Session. */
    contentSealed: text('content_sealed'),
    /**
     * Sealed JSON (contracts `noteEvidenceSchema`): each sentence of the draft, and of the saved
     * text, with the transcript spans it comes from (issue 12).
     */
    draftEvidenceSealed: text('draft_evidence_sealed'),
    contentEvidenceSealed: text('content_evidence_sealed'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('session_notes_session_template').on(table.sessionId, table.templateId),
    index('session_notes_user_saved_idx').on(table.userId, table.savedAt),
  ],
);

/** Usage of spec point 9, counted when things are created; deleting never refunds. */
export const usageCounters = pgTable('usage_counters', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessions: integer('sessions').notNull().default(0),
  notes: integer('notes').notNull().default(0),
});
