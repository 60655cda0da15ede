import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 23, finding 4): one row per read or change of patient data and per
 * identity change, written in the same transaction as the change it records. Append-only: the
 * migration adds a trigger that refuses UPDATE, DELETE and TRUNCATE, and no route changes a row.
 *
 * Ids only, never patient text. No foreign keys on purpose: the trail outlives what it names
 * (a deleted session or account), and a cascading delete would be refused by the trigger.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** contracts `AUDIT_EVENT_KINDS`. */
    kind: text('kind').notNull(),
    /** Who: the signed-in user, or the account a failed sign-in named (null if none). */
    userId: text('user_id'),
    /** Which patient session, when the event concerns one. */
    sessionId: integer('session_id'),
    templateIds: integer('template_ids').array(),
    generationId: integer('generation_id'),
    /** The session version a save produced. */
    version: integer('version'),
    /** The client address as the server saw it (Fastify's request.ip, TRUST_PROXY-aware). */
    address: text('address'),
    /**
     * Whom a clinic action was about (docs/decisions/028): the member whose role changed or who
     * was removed. An id, resolved to the current name when read.
     */
    targetUserId: text('target_user_id'),
    /** The invitation a clinic action was about (sent, cancelled, used to join). */
    targetInvitationId: integer('target_invitation_id'),
    /**
     * What else the action was about, in words fixed when it happened and holding no patient
     * text: a shared template's name (the template may be deleted later), a role change
     * ("clinician → admin"), an invitation's role, a retention setting.
     */
    targetLabel: text('target_label'),
  },
  (table) => [
    index('audit_events_session_idx').on(table.sessionId, table.id),
    index('audit_events_user_at_idx').on(table.userId, table.at),
  ],
);
