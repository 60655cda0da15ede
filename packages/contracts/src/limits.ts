/** Business constants of spec point 9, shared by the server's enforcement and the UI. */
export const FREE_TRIAL = {
  sessions: 15,
  notes: 45,
  templatesPerGeneration: 4,
} as const;

export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
