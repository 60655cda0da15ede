import { z } from 'zod';
import { dbId } from './text';

/**
 * The audit trail (issue 23, finding 4; ASVS 7.1, HIPAA 164.312(b)): one append-only event for
 * every read and change of patient data and every identity change. Events carry ids only (who,
 * which session, which template or generation), never patient text.
 */
export const AUDIT_EVENT_KINDS = [
  'session.created',
  'session.opened',
  'transcript.read',
  'notes.listed',
  'notes.generated',
  'note.regenerated',
  'note.edited',
  'session.saved',
  'version.opened',
  'version.restored',
  'note.copied',
  'note.exported',
  'note.sent_to_record',
  'note.send_to_record_failed',
  'note.style_example',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  'auth.password_changed',
  'auth.password_reset',
  // Issue 29: clinic actions (no patient session).
  'clinic.created',
  'clinic.member_invited',
  'clinic.member_joined',
  'clinic.role_changed',
  'clinic.member_removed',
  'clinic.template_shared',
  'clinic.template_unshared',
  'clinic.retention_changed',
  // Docs/decisions/028: a member left on their own; an owner or admin withdrew an invitation.
  'clinic.member_left',
  'clinic.invitation_cancelled',
  // Issue 29 item 5: the daily job deleted a saved session the clinic's retention had expired.
  'session.expired',
] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** What the Activity view of a saved session says for each event, after the person's name. */
export const AUDIT_EVENT_LABELS: Record<AuditEventKind, string> = {
  'session.created': 'created the session',
  'session.opened': 'opened the session',
  'transcript.read': 'read the transcript',
  'notes.listed': 'listed saved notes',
  'notes.generated': 'generated notes',
  'note.regenerated': 'regenerated a note',
  'note.edited': 'edited a note',
  'session.saved': 'saved the session',
  'version.opened': 'opened an earlier version',
  'version.restored': 'restored an earlier version',
  'note.copied': 'copied a note',
  'note.exported': 'exported a note',
  'note.sent_to_record': 'sent a note to the record',
  'note.send_to_record_failed': 'could not send a note to the record',
  // Issue 27: the saved note went, identifiers removed, to the language model as a style example.
  'note.style_example': 'lent the saved note to the language model as a style example',
  'auth.signed_in': 'signed in',
  'auth.sign_in_failed': 'failed to sign in',
  'auth.signed_out': 'signed out',
  'auth.password_changed': 'changed the password',
  'auth.password_reset': 'reset the password',
  'clinic.created': 'created the clinic',
  'clinic.member_invited': 'invited a member',
  'clinic.member_joined': 'joined the clinic',
  'clinic.role_changed': 'changed a member’s role',
  'clinic.member_removed': 'removed a member',
  'clinic.template_shared': 'shared a template with the clinic',
  'clinic.template_unshared': 'stopped sharing a template',
  'clinic.retention_changed': 'changed how long saved sessions are kept',
  'clinic.member_left': 'left the clinic',
  'clinic.invitation_cancelled': 'cancelled an invitation',
  'session.expired': 'had the session deleted when the clinic’s retention period ended',
};

/** Events only the browser can witness: it reports them through a small authenticated POST. */
const CLIENT_AUDIT_EVENT_KINDS = ['note.copied', 'note.exported'] as const;

/** At most this many client-reported events per clinician a minute; more get 429. */
export const CLIENT_AUDIT_EVENTS_PER_MINUTE = 60;

export const clientAuditEventSchema = z.strictObject({
  kind: z.enum(CLIENT_AUDIT_EVENT_KINDS, { error: 'Unknown activity' }),
  templateId: dbId('Unknown template'),
});
export type ClientAuditEvent = z.infer<typeof clientAuditEventSchema>;

/** One line of a session's Activity: who did what, when, from which address. */
const sessionActivityEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AUDIT_EVENT_KINDS),
  at: z.string(),
  /** The person's name as their profile has it; null when no one was signed in. */
  actorName: z.string().nullable(),
  /** The client address the request came from, as the server saw it. */
  address: z.string().nullable(),
  /** Names of the templates the event concerns (ids resolved on the server). */
  templateNames: z.array(z.string()),
  /** The session's version a save produced, or the earlier version opened or restored. */
  version: z.number().int().nullable(),
});
export type SessionActivityEvent = z.infer<typeof sessionActivityEventSchema>;

export const sessionActivitySchema = z.object({
  sessionId: z.number().int(),
  /** Oldest first. */
  events: z.array(sessionActivityEventSchema),
});
export type SessionActivity = z.infer<typeof sessionActivitySchema>;
