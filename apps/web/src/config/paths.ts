/** Every route of spec point 2, in one place. Build links and redirects from these. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  profile: '/profile',
  createNotes: '/create-notes',
  mySessions: '/my-sessions',
  templates: '/templates',
  audioCheck: '/audio-check',
  subscription: '/subscription',
  tutorial: '/tutorial',
  payment: '/payment',
  /** Issue 29: the clinic, its audit, and where an invitation link lands. */
  clinic: '/clinic',
  clinicAudit: '/clinic/audit',
  clinicJoin: '/clinic/join',
  /** Issue 14: the documents sign-up asks the user to agree to; open signed in or out. */
  terms: '/terms',
  privacy: '/privacy',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter that carries a chosen plan from the marketing site (spec point 2). */
export const PLAN_PARAM = 'plan';

export const withPlan = (path: AppPath, plan: string): string =>
  `${path}?${new URLSearchParams({ [PLAN_PARAM]: plan }).toString()}`;

/**
 * Docs/decisions/028: /register and /login opened from a clinic invitation link carry this
 * parameter; once signed up (or in), the invitee goes back to the join page.
 */
export const INVITATION_PARAM = 'invitation';

export const withInvitation = (path: AppPath): string =>
  `${path}?${new URLSearchParams({ [INVITATION_PARAM]: '1' }).toString()}`;

/** Navigation state that makes the join page join at once (right after sign-up). */
export type JoinInvitationState = { joinInvitation: true };
