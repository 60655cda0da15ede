import { z } from 'zod';
import { emailSchema } from './auth';
import { VALIDATION_MESSAGES as M } from './messages';
import { PROFESSIONS } from './professions';

/** Spec point 7 `POST /api/users/register`. Role and trial status are set by the server. */
export const registerUserSchema = z.object({
  cognitoId: z.string().min(1),
  email: emailSchema,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  role: z.string().optional(),
  isTrial: z.boolean().optional(),
  isDeleted: z.boolean().optional(),
});
export type RegisterUserInput = z.infer<typeof registerUserSchema>;

/** Comma-separated template ids, as the spec stores them ("3,7,12"). */
const commonTemplateSchema = z
  .string()
  .trim()
  .regex(/^(\d+(,\d+)*)?$/, 'Choose templates from the list')
  .max(2000);

/**
 * Spec point 7 `PUT /api/users/profile`. Every field is optional: an empty field keeps the
 * existing value (spec point 5).
 */
export const updateProfileSchema = z.object({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  profession: z
    .union([z.enum(PROFESSIONS, { error: M.professionRequired }), z.literal('')])
    .optional(),
  commonTemplate: commonTemplateSchema.optional(),
  commonConditions: z.string().max(2000).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The profile-setup form: profession is required there (spec point 5). */
export const profileSetupSchema = z.object({
  profession: z.enum(PROFESSIONS, { error: M.professionRequired }),
  commonTemplate: z.array(z.string()),
  commonConditions: z.string().max(2000),
});

/** The profile settings form (spec point 5: names required there). */
export const profileSettingsSchema = z.object({
  firstName: z.string().trim().min(1, M.profileFirstNameRequired).max(100),
  lastName: z.string().trim().min(1, M.profileLastNameRequired).max(100),
  profession: z.enum(PROFESSIONS, { error: M.professionRequired }),
  commonTemplate: z.array(z.string()),
  commonConditions: z.string().max(2000),
});

/** Spec point 7 `POST /api/users/password-reset`: confirmation e-mail after a reset. */
export const passwordResetNoticeSchema = z.object({ userEmail: emailSchema });
