import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Identity tables in the shape better-auth expects (models user/session/account/verification,
 * plural table names), plus the profile fields of spec point 3 on the user row.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // Profile (spec point 3)
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  profession: text('profession'),
  /** Comma-separated template ids as one string, as the spec describes. */
  commonTemplate: text('common_template').notNull().default(''),
  commonConditions: text('common_conditions').notNull().default(''),
  role: text('role').notNull().default('USER'),
  isTrial: boolean('is_trial').notNull().default(true),
  isDeleted: boolean('is_deleted').notNull().default(false),
  /** Set when a password reset completes; the confirmation e-mail may be sent once after it. */
  passwordResetAt: timestamp('password_reset_at', { withTimezone: true }),
  passwordResetNoticeSentAt: timestamp('password_reset_notice_sent_at', { withTimezone: true }),
});

/** The account a row belongs to, deleted with it (every per-user table). */
export const ownerIdColumn = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the token the client holds, never the token itself (session-store.ts). */
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Remembered sessions have a fixed deadline; others slide with use (session-store.ts). */
    rememberMe: boolean('remember_me').notNull().default(false),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: ownerIdColumn(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: ownerIdColumn(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** better-auth's rate-limit store, in the database so that every API replica shares it. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Password checks per (client IP, account) in the current window (issue 11): a throttle, not an
 * account lock, so an attacker elsewhere cannot lock a clinician out. A slot is claimed before
 * the password is evaluated, in one upsert, so parallel attempts cannot overshoot the limit.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    ip: text('ip').notNull(),
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ip, table.email] })],
);

/** Codes sent per address, for the per-address sending limit. No code is stored here. */
export const codeSends = pgTable(
  'code_sends',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('code_sends_email_sent_at_idx').on(table.email, table.sentAt)],
);
