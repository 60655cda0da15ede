import { z } from 'zod';
import { TEXT_LIMITS } from './limits';
import { VALIDATION_MESSAGES as M } from './messages';
import { boundedText, dbId, isoDateTime } from './text';

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
  dateOfBirth: z.iso
    .date()
    .refine((value) => value >= '1000-01-01', 'Invalid date of birth')
    .default(PLACEHOLDER_DATE_OF_BIRTH),
  appointmentTypeId: dbId(M.appointmentTypeRequired),
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
  /** Saves carry the version they were based on (see `updatePatientSessionSchema`). */
  version: z.number().int(),
});
export type PatientSession = z.infer<typeof patientSessionSchema>;

/** What a stale save gets (409): the session was saved elsewhere since this copy was loaded. */
export const SAVE_CONFLICT = {
  code: 'SAVE_CONFLICT',
  message:
    'This session was saved from another tab or device since you opened it. Reload the saved version, or keep your copy to replace it.',
} as const;

/**
 * Spec point 3 "Session update", plus `baseVersion` (issue 11): the version the clinician's copy
 * was based on. A save based on an older version is refused with `SAVE_CONFLICT`, so two tabs
 * never overwrite each other silently. An empty transcript leaves the stored one as it is.
 */
export const updatePatientSessionSchema = z.object({
  notes: z
    .array(
      z.object({
        notesContent: boundedText(TEXT_LIMITS.noteChars, 'The note'),
        patientSessionId: dbId('Invalid session id'),
        templateId: dbId('Unknown template'),
      }),
    )
    .max(50),
  duration: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  transcribedText: boundedText(TEXT_LIMITS.transcriptChars, 'The transcript'),
  baseVersion: z.coerce
    .number({ error: 'Say which version of the session this save is based on' })
    .int()
    .min(1)
    .max(2_147_483_647),
});
export type UpdatePatientSessionInput = z.infer<typeof updatePatientSessionSchema>;

export const saveSessionResponseSchema = z.object({
  id: z.number().int(),
  savedAt: z.string(),
  version: z.number().int(),
});
export type SaveSessionResponse = z.infer<typeof saveSessionResponseSchema>;

/**
 * `GET /api/patient-sessions/{id}` (issue 11): everything the server holds for one session, so a
 * tab that crashed can restore the drafts and the transcript.
 */
export const patientSessionDetailSchema = patientSessionSchema.extend({
  transcript: z.string(),
  duration: z.number().int().nullable(),
  savedAt: z.string().nullable(),
  notes: z.array(
    z.object({
      templateId: z.number().int(),
      /** The latest generated (or regenerated) text. */
      draft: z.string().nullable(),
      /** The clinician's text as last saved. */
      content: z.string().nullable(),
      savedAt: z.string().nullable(),
    }),
  ),
});
export type PatientSessionDetail = z.infer<typeof patientSessionDetailSchema>;

export const sessionIdParamsSchema = z.object({ id: dbId('Invalid session id') });

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
    from: isoDateTime('from must be an ISO date-time').optional(),
    to: isoDateTime('to must be an ISO date-time').optional(),
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
