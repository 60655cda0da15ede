import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages';

/** Spec point 3: dateOfBirth is a fixed placeholder; the product does not collect it. */
export const PLACEHOLDER_DATE_OF_BIRTH = '2000-01-01';

/**
 * Spec point 7 `POST /api/patient-sessions/`. `firstName` carries the patient name as entered
 * (issue 5). `patientConsent` must be true: the server refuses a session without consent.
 */
export const createPatientSessionSchema = z.object({
  firstName: z
    .string({ error: M.patientNameRequired })
    .trim()
    .min(1, M.patientNameRequired)
    .max(200),
  lastName: z.string().trim().max(200).default(''),
  dateOfBirth: z.iso.date().default(PLACEHOLDER_DATE_OF_BIRTH),
  appointmentTypeId: z.coerce
    .number({ error: M.appointmentTypeRequired })
    .int(M.appointmentTypeRequired)
    .positive(M.appointmentTypeRequired),
  patientConsent: z.literal(true, { error: M.consentRequired }),
});
export type CreatePatientSessionInput = z.input<typeof createPatientSessionSchema>;

export const patientSessionSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  appointmentTypeId: z.number().int(),
  createdAt: z.string(),
});
export type PatientSession = z.infer<typeof patientSessionSchema>;

/** Spec point 3 "Session update". */
export const updatePatientSessionSchema = z.object({
  notes: z
    .array(
      z.object({
        notesContent: z.string().max(200_000),
        patientSessionId: z.coerce.number().int().positive(),
        templateId: z.coerce.number().int().positive(),
      }),
    )
    .max(50),
  duration: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  transcribedText: z.string().max(2_000_000),
});
export type UpdatePatientSessionInput = z.infer<typeof updatePatientSessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Spec point 3 "Saved-notes list item" (+ ids a client needs to tell items apart). */
export const savedNoteSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  templateId: z.number().int(),
  firstName: z.string(),
  createdAt: z.string(),
  TemplateName: z.string(),
  notesContent: z.string(),
});
export type SavedNote = z.infer<typeof savedNoteSchema>;

export const savedNotesQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), {
    path: ['to'],
    message: 'to must not be before from',
  });

/** Spec point 7 `GET /api/usage/`. */
export const usageSchema = z.object({
  isFreeTrial: z.boolean(),
  sessions: z.number().int(),
  notes: z.number().int(),
  /**
   * Beyond the spec: what the user may do. `paid` (active or trialing subscription), `trial`,
   * `unlimited` (limits switched off by the server) or `none` (must subscribe).
   */
  access: z.enum(['unlimited', 'paid', 'trial', 'none']).optional(),
});
export type Usage = z.infer<typeof usageSchema>;
