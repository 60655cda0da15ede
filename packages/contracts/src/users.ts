import { z } from 'zod';

export const USER_ROLES = ['USER'] as const;

/**
 * Spec point 3 "User profile" plus `cognitoId`, which here is the subject id of our own
 * identity service (ARCHITECTURE "API").
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
