import { integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ownerIdColumn } from './auth';
import { generations } from './pipeline';
import { sessionIdColumn } from './sessions';

/**
 * One whole recording sent to the one-request upload (issue 23, findings 7 and 10), recorded
 * before it is cut: the same bytes sent again for the same session find the work already done or
 * under way, and a process killed while cutting leaves what it stored findable at restart.
 */
export const sessionUploads = pgTable(
  'session_uploads',
  {
    id: serial('id').primaryKey(),
    sessionId: sessionIdColumn(),
    userId: ownerIdColumn(),
    /** SHA-256 (hex) of the uploaded file: what makes a retry the same upload. */
    contentSha256: text('content_sha256').notNull(),
    templateIds: integer('template_ids').array().notNull().$type<number[]>(),
    /** The segment numbers this upload's segments take: from `segmentFrom` up to `segmentTo`. */
    segmentFrom: integer('segment_from').notNull(),
    segmentTo: integer('segment_to').notNull(),
    /** How many segments of the recording are stored: a resumed cut skips as many. */
    segmentsCut: integer('segments_cut').notNull().default(0),
    /** cutting → cut. */
    status: text('status').notNull().default('cutting'),
    /** The process cutting it (host:port): at its restart it finishes what that one stored. */
    seat: text('seat').notNull(),
    generationId: integer('generation_id').references(() => generations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('session_uploads_session_content').on(table.sessionId, table.contentSha256)],
);
