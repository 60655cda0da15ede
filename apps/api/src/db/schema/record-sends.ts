import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { patientSessions, sessionNotes } from './sessions';

/**
 * "Send to record" (issue 28, docs/decisions/022): one row per saved note handed to the clinic's
 * record system, re-used by every later send of that note (the note is one document there).
 * No note text here: the last error is a sentence about the record system, never the note.
 */
export const recordSends = pgTable('record_sends', {
  id: serial('id').primaryKey(),
  noteId: integer('note_id')
    .notNull()
    .unique()
    .references(() => sessionNotes.id, { onDelete: 'cascade' }),
  sessionId: integer('session_id')
    .notNull()
    .references(() => patientSessions.id, { onDelete: 'cascade' }),
  /** The clinician who sent it: the actor of its audit events. */
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** contracts `RECORD_SEND_STATUSES`: queued, sent, failed. */
  status: text('status').notNull(),
  /** Attempts of the current send (reset when the clinician sends again). */
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** The document's id in the record system. */
  remoteId: text('remote_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
