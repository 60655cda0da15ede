import { integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sessionIdColumn } from './sessions';

/** A note as one version holds it: its template and its text, sealed as the live note's is. */
export interface VersionNote {
  templateId: number;
  contentSealed: string;
}

/**
 * Note history (issue 23, finding 6): what each Save Session left, one row per session version.
 * Written in the save's transaction, never changed afterwards. The transcript is the session's
 * sealed transcript value copied whole, so whatever the transcript carries is kept with it.
 */
export const sessionVersions = pgTable(
  'session_versions',
  {
    id: serial('id').primaryKey(),
    sessionId: sessionIdColumn(),
    /** The session's `version` this save produced. */
    version: integer('version').notNull(),
    transcriptSealed: text('transcript_sealed'),
    /** Every saved note of the session at this version, template order. */
    notes: jsonb('notes').$type<VersionNote[]>().notNull(),
    /** Set when this version was made by restoring an earlier one. */
    restoredFrom: integer('restored_from'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  // The unique constraint's index also serves "the versions of a session".
  (table) => [unique('session_versions_session_version').on(table.sessionId, table.version)],
);
