import { z } from 'zod';
import { dbId } from './text';

/**
 * Note history (issue 23, finding 6): every Save Session keeps the saved notes and transcript
 * as a version of the session. Earlier versions can be read, and restored as a new version.
 */

/** One saved version in the list: when, what it holds (template names), never the text. */
const sessionVersionSummarySchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  /** The earlier version this one restored, when it was made by a restore. */
  restoredFrom: z.number().int().nullable(),
  templateNames: z.array(z.string()),
});
export type SessionVersionSummary = z.infer<typeof sessionVersionSummarySchema>;

export const sessionVersionsSchema = z.object({
  sessionId: z.number().int(),
  /** The session's latest version, the one a restore must be based on. */
  currentVersion: z.number().int(),
  /** Newest first. */
  versions: z.array(sessionVersionSummarySchema),
});
export type SessionVersions = z.infer<typeof sessionVersionsSchema>;

/** One version with its text: the transcript and each note as they were saved. */
export const sessionVersionSchema = sessionVersionSummarySchema.extend({
  sessionId: z.number().int(),
  transcript: z.string(),
  notes: z.array(
    z.object({ templateId: z.number().int(), templateName: z.string(), content: z.string() }),
  ),
});
export type SessionVersion = z.infer<typeof sessionVersionSchema>;

export const sessionVersionParamsSchema = z.object({
  id: dbId('Invalid session id'),
  version: dbId('Invalid version'),
});

/** A restore is based on the latest version, like a save: a stale one gets `SAVE_CONFLICT`. */
export const restoreSessionVersionSchema = z.strictObject({
  baseVersion: dbId('Say which version of the session this restore is based on'),
});
export type RestoreSessionVersionInput = z.infer<typeof restoreSessionVersionSchema>;
