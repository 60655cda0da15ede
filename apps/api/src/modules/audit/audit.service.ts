import type { AuditEventKind, SessionActivity } from '@clerkly/contracts';
import { AUDIT_EVENT_KINDS } from '@clerkly/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOwnedSession } from '../sessions/sessions.repository';
import { currentActor, type AuditActor } from './audit.context';
import { templateNames } from '../reference-data/templates.repository';
import { insertAuditEvents, listSessionEvents } from './audit.repository';

export interface AuditEvent {
  kind: AuditEventKind;
  sessionId?: number | null;
  templateIds?: number[];
  generationId?: number;
  version?: number;
  /** Whom or what a clinic action was about (docs/decisions/028). */
  targetUserId?: string;
  targetInvitationId?: number;
  targetLabel?: string;
}

/**
 * Reads repeated by the same person from the same address within this many minutes are one
 * event: the live transcript is polled every few seconds while recording, and one line per poll
 * would bury who read the session under hundreds of identical lines.
 */
const READ_COLLAPSE_MINUTES = 5;

const rowOf = (event: AuditEvent, actor: AuditActor) => ({
  kind: event.kind,
  userId: actor.userId,
  sessionId: event.sessionId ?? null,
  templateIds: event.templateIds ?? null,
  generationId: event.generationId ?? null,
  version: event.version ?? null,
  address: actor.address,
  targetUserId: event.targetUserId ?? null,
  targetInvitationId: event.targetInvitationId ?? null,
  targetLabel: event.targetLabel ?? null,
});

/**
 * Records events with `db`: pass the transaction of the change they record, so a change that
 * rolls back leaves no event and an event that cannot be written rolls the change back. The
 * actor is the request being handled unless named.
 */
export async function recordAuditEvent(
  db: Db,
  event: AuditEvent | AuditEvent[],
  actor: AuditActor = currentActor(),
) {
  const events = Array.isArray(event) ? event : [event];
  await insertAuditEvents(
    db,
    events.map((one) => rowOf(one, actor)),
  );
}

/** A read of a session's data: recorded unless the same read was recorded just before. */
export async function recordAuditRead(
  db: Db,
  event: AuditEvent & { sessionId: number },
  actor: AuditActor = currentActor(),
) {
  await db.execute(sql`
    insert into audit_events (kind, user_id, session_id, address)
    select ${event.kind}, ${actor.userId}, ${event.sessionId}, ${actor.address}
    where not exists (
      select 1 from audit_events
      where session_id = ${event.sessionId} and kind = ${event.kind}
        and user_id is not distinct from ${actor.userId}
        and address is not distinct from ${actor.address}
        and at > now() - make_interval(mins => ${READ_COLLAPSE_MINUTES})
    )`);
}

/**
 * Templates whose saved text differs from what the clinician last had from the server: the
 * previous saved text, else the generated draft. A note with neither was written by hand.
 */
export function editedTemplateIds(
  previous: { templateId: number; contentSealed: string | null; draftSealed: string | null }[],
  saved: { templateId: number; notesContent: string }[],
  open: (sealed: string) => string,
): number[] {
  const before = new Map(previous.map((row) => [row.templateId, row]));
  return saved
    .filter((note) => {
      const row = before.get(note.templateId);
      const sealed = row?.contentSealed ?? row?.draftSealed ?? null;
      return sealed === null || open(sealed) !== note.notesContent;
    })
    .map((note) => note.templateId);
}

const KNOWN_KINDS = new Set<string>(AUDIT_EVENT_KINDS);

/** The Activity of one of the user's sessions, or null when it is not theirs (404). */
export async function sessionActivity(
  db: Db,
  userId: string,
  sessionId: number,
): Promise<SessionActivity | null> {
  if (!(await findOwnedSession(db, userId, sessionId))) return null;
  const rows = (await listSessionEvents(db, sessionId)).filter((row) => KNOWN_KINDS.has(row.kind));
  const names = await templateNames(db, [...new Set(rows.flatMap((row) => row.templateIds ?? []))]);
  return {
    sessionId,
    events: rows.map((row) => {
      const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ');
      return {
        id: row.id,
        kind: row.kind as AuditEventKind,
        at: row.at.toISOString(),
        actorName: fullName || row.name || null,
        address: row.address,
        templateNames: (row.templateIds ?? []).map((id) => names.get(id) ?? `Template ${id}`),
        version: row.version,
      };
    }),
  };
}
