/** Business constants of spec point 9, shared by the server's enforcement and the UI. */
export const FREE_TRIAL = {
  sessions: 15,
  notes: 45,
  templatesPerGeneration: 4,
} as const;

export const OTP_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;

/**
 * Session lifetimes per OWASP ASVS 4.0.3 3.3.2, level 2 (issue 11): without "Remember Me" a
 * session ends after 30 idle minutes and at most 12 hours after sign-in. With it, the session
 * lasts `REMEMBERED_SESSION_DAYS` from sign-in and is never extended.
 */
export const SESSION_LIMITS = { idleMinutes: 30, absoluteHours: 12 } as const;

/**
 * Largest texts the API accepts (issue 11). An hour-long consultation transcribes to about
 * 60 000 characters; the limits leave room for several hours while keeping engine work bounded.
 */
export const TEXT_LIMITS = {
  transcriptChars: 300_000,
  noteChars: 100_000,
  instructionChars: 2_000,
} as const;

/** Ids are PostgreSQL `integer`s: anything above this is an id that cannot exist. */
export const MAX_DB_ID = 2_147_483_647;
