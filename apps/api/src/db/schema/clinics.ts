import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Clinics (issue 29, docs/decisions/024): a workspace of clinicians. Membership is keyed by the
 * user, so a clinician belongs to at most one clinic; removing a member deletes their row, which
 * ends their access to the clinic's shared templates at once (every template read joins it).
 * Their own sessions never belong to the clinic and stay theirs.
 */
export const clinics = pgTable('clinics', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /**
   * How long the members' saved sessions are kept (contracts `CLINIC_RETENTION_PERIODS`); the
   * daily `clinic-retention` job deletes the older ones.
   */
  retention: text('retention').notNull().default('forever'),
  /** The clinic's own Stripe customer (issue 29 item 3), created at its first checkout. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clinicMembers = pgTable(
  'clinic_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** contracts `CLINIC_ROLES`. */
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('clinic_members_clinic_idx').on(table.clinicId)],
);

/**
 * Who was a member of which clinic, and when (docs/decisions/028): a row opens when a clinician
 * founds or joins a clinic and closes (`left_at`) when they leave or are removed, so the clinic's
 * audit page keeps showing what a former member did while they belonged to it. `role` follows
 * the member's role while the period is open and is the role they left with once it is closed
 * (role changes themselves are audit events naming the member).
 *
 * `user_id` has no foreign key on purpose, like `audit_events`: the history must outlive the
 * account, or the clinic would lose sight of what a deleted account did while a member.
 */
export const clinicMembershipPeriods = pgTable(
  'clinic_membership_periods',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** contracts `CLINIC_ROLES`. */
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (table) => [
    index('clinic_membership_periods_clinic_user_idx').on(table.clinicId, table.userId),
    // One open period per clinician, as `clinic_members` holds one clinic per clinician.
    uniqueIndex('clinic_membership_periods_open_idx')
      .on(table.userId)
      .where(sql`${table.leftAt} is null`),
  ],
);

/**
 * An invitation by e-mail. Only the SHA-256 of the link's random token is stored, so the table
 * cannot be read back into working links; `acceptedAt` makes the link single-use, and
 * `cancelledAt` (an owner or admin withdrew it) ends it like an expiry.
 */
export const clinicInvitations = pgTable(
  'clinic_invitations',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('clinic_invitations_token_idx').on(table.tokenHash),
    index('clinic_invitations_open_idx')
      .on(table.clinicId)
      .where(sql`${table.acceptedAt} is null`),
  ],
);
