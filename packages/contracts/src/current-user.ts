import { z } from 'zod';

/*
 * Its own module, apart from the sign-up and profile forms' schemas in users.ts and auth.ts: every
 * page's first screen parses this answer, so the web app's entry imports it, and importing a
 * module builds all its schemas. From here the entry builds this one; the forms' schemas are
 * built when their pages load, not before every first screen (issue 25).
 */

const USER_ROLES = ['USER'] as const;

/**
 * Spec point 3 "User profile" plus `cognitoId`, which here is the subject id of our own
 * identity service.
 */
export const currentUserSchema = z.object({
  cognitoId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profession: z.string().nullable(),
  commonTemplate: z.string(),
  commonConditions: z.string(),
  role: z.enum(USER_ROLES),
  isTrial: z.boolean(),
  isDeleted: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
