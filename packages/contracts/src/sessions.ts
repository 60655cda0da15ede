import { z } from 'zod';
import { MAX_DB_ID, TEXT_LIMITS } from './limits';
import { VALIDATION_MESSAGES as M } from './messages';
import { unfilledFields, unfilledFieldsMessage } from './notes/placeholders';
import { boundedText, dbId, isoDateTime } from './text';

/** Spec point 3: dateOfBirth is a fixed placeholder; the product does not collect it. */
const PLACEHOLDER_DATE_OF_BIRTH = '2000-01-01';

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
        // A note still holding a placeholder ("[not stated]") is not finished: a certificate
        // cannot be saved stating what nobody said (issue 21).
        notesContent: boundedText(TEXT_LIMITS.noteChars, 'The note').superRefine((note, ctx) => {
          const fields = unfilledFields(note);
          if (fields.length > 0)
            ctx.addIssue({ code: 'custom', message: unfilledFieldsMessage(fields) });
        }),
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

/** Sessions per page of My Sessions' list (issue 13). */
export const SAVED_SESSIONS_PAGE = { defaultLimit: 30, maxLimit: 100 } as const;

/**
 * Where a page of saved sessions continues: the last session's creation instant (with the
 * database's microseconds) and id, e.g. `2025-03-04T10:11:12.123456Z_42`. Opaque to clients:
 * they send back the `nextCursor` they were given.
 */
const SAVED_SESSIONS_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_(\d{1,10})$/;
const CURSOR_MESSAGE = 'cursor must be the nextCursor of an earlier page';

export function parseSavedSessionsCursor(
  cursor: string,
): { createdAt: string; sessionId: number } | null {
  const match = SAVED_SESSIONS_CURSOR.exec(cursor);
  if (!match) return null;
  const createdAt = match[1]!;
  const sessionId = Number(match[2]);
  const year = new Date(createdAt).getUTCFullYear();
  if (!(year >= 1000 && year <= 9999) || sessionId < 1 || sessionId > MAX_DB_ID) return null;
  return { createdAt, sessionId };
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SAVED_SESSIONS_PAGE.maxLimit}`;

/** `GET /api/notes/user/{cognitoId}/page?cursor=&limit=&from=&to=` (issue 13). */
export const savedSessionsPageQuerySchema = z
  .object({
    from: isoDateTime('from must be an ISO date-time').optional(),
    to: isoDateTime('to must be an ISO date-time').optional(),
    cursor: z
      .string({ error: CURSOR_MESSAGE })
      .refine((value) => parseSavedSessionsCursor(value) !== null, CURSOR_MESSAGE)
      .optional(),
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(SAVED_SESSIONS_PAGE.maxLimit, LIMIT_MESSAGE)
      .default(SAVED_SESSIONS_PAGE.defaultLimit),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), {
    path: ['to'],
    message: 'to must not be before from',
  });

/**
 * One saved consultation in My Sessions' list: only what the list shows. The note text is
 * fetched when a note is opened (`GET /api/patient-sessions/{id}`).
 */
const savedSessionSummarySchema = z.object({
  sessionId: z.number().int(),
  /** The patient name as entered (spec `firstName`, issue 5). */
  firstName: z.string(),
  createdAt: z.string(),
  /** The session's saved notes, in template order. */
  notes: z.array(
    z.object({
      id: z.number().int(),
      templateId: z.number().int(),
      TemplateName: z.string(),
    }),
  ),
});
export type SavedSessionSummary = z.infer<typeof savedSessionSummarySchema>;

/** Newest consultation first; `nextCursor` is null on the last page. */
export const savedSessionsPageSchema = z.object({
  items: z.array(savedSessionSummarySchema),
  nextCursor: z.string().nullable(),
});
export type SavedSessionsPage = z.infer<typeof savedSessionsPageSchema>;
