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
  /** Issue 14: the documents sign-up asks the user to agree to; open signed in or out. */
  terms: '/terms',
  privacy: '/privacy',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter that carries a chosen plan from the marketing site (spec point 2). */
export const PLAN_PARAM = 'plan';

export const withPlan = (path: AppPath, plan: string): string =>
  `${path}?${new URLSearchParams({ [PLAN_PARAM]: plan }).toString()}`;
