import { createHash, randomBytes } from 'node:crypto';
import {
  AUDIT_EVENT_LABELS,
  CLINIC_LIMITS,
  CLINIC_MESSAGES,
  CLINIC_RETENTION_INTERVALS,
  CLINIC_RETENTION_LABELS,
  ERROR_CODES,
  canManageClinic,
  type AuditEventKind,
  type Clinic,
  type ClinicAuditEvent,
  type ClinicAuditPage,
  type ClinicAuditPerson,
  type ClinicRetention,
  type ClinicRetentionStatus,
  type ClinicRole,
  type ClinicTemplate,
  type clinicAuditQuerySchema,
} from '@clerkly/contracts';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/client';
import { ConflictError, HttpError, NotFoundError } from '../../lib/http-error';
import { recordAuditEvent } from '../audit/audit.service';
import type { Mailer } from '../mail/mailer';
import { clinicInvitationMessage } from '../mail/messages';
import {
  archiveClinicTemplate,
  clinicNameTaken,
  copyTemplateToClinic,
  deleteClinicTemplate,
  deleteMember,
  findMembership,
  findShareableTemplate,
  findUserEmail,
  insertClinic,
  insertInvitation,
  insertMember,
  listClinicAuditEvents,
  listClinicPeople,
  listClinicTemplatesWithTopics,
  listMembers,
  listOpenInvitations,
  lockInvitation,
  lockMembers,
  lockPendingInvitation,
  markInvitationAccepted,
  markInvitationCancelled,
  summariseExpiredSessions,
  updateClinicRetention,
  updateMemberRole,
  type AuditFilter,
  type Queryable,
} from './clinics.repository';
import { templateInUse } from '../own-templates/own-templates.repository';
import { sectionsOf } from '../own-templates/own-templates.service';

/**
 * Clinics (issue 29, docs/decisions/024). Every action reads the caller's membership afresh in
 * its own transaction: a removed member or demoted admin is refused from the next request on.
 * Ids of another clinic's members or templates are 404, as if they did not exist.
 */

class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, ERROR_CODES.forbidden, message);
  }
}

type Membership = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

export async function requireMember(db: Queryable, userId: string): Promise<Membership> {
  const membership = await findMembership(db, userId);
  if (!membership) throw new NotFoundError(CLINIC_MESSAGES.notMember);
  return membership;
}

async function requireManager(db: Queryable, userId: string): Promise<Membership> {
  const membership = await requireMember(db, userId);
  if (!canManageClinic(membership.role as ClinicRole)) {
    throw new ForbiddenError(CLINIC_MESSAGES.notManager);
  }
  return membership;
}

export async function requireOwner(db: Queryable, userId: string): Promise<Membership> {
  const membership = await requireMember(db, userId);
  if (membership.role !== 'owner') throw new ForbiddenError(CLINIC_MESSAGES.notOwner);
  return membership;
}

const displayName = (row: {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
}) => [row.firstName, row.lastName].filter(Boolean).join(' ') || row.name || '';

export async function myClinic(db: Db, userId: string): Promise<Clinic | null> {
  const membership = await findMembership(db, userId);
  if (!membership) return null;
  const members = await listMembers(db, membership.clinicId);
  return {
    id: membership.clinicId,
    name: membership.name,
    role: membership.role as ClinicRole,
    members: members.map((member) => ({
      userId: member.userId,
      name: displayName(member),
      email: member.email,
      role: member.role as ClinicRole,
      joinedAt: member.joinedAt.toISOString(),
    })),
  };
}

/** The caller founds a clinic and becomes its owner; one clinic per clinician. */
export async function createClinic(db: Db, userId: string, name: string): Promise<Clinic> {
  try {
    await db.transaction(async (tx) => {
      if (await findMembership(tx, userId)) throw new ConflictError(CLINIC_MESSAGES.alreadyMember);
      const clinic = await insertClinic(tx, name);
      await insertMember(tx, clinic.id, userId, 'owner');
      await recordAuditEvent(tx, { kind: 'clinic.created' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(CLINIC_MESSAGES.alreadyMember);
    throw error;
  }
  return (await myClinic(db, userId))!;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sends a single-use, expiring link; only its hash is kept. */
export async function inviteMember(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  userId: string,
  input: { email: string; role: ClinicRole },
) {
  const token = randomBytes(32).toString('base64url');
  const email = input.email.trim().toLowerCase();
  const { invitation, clinicName } = await db.transaction(async (tx) => {
    const membership = await requireManager(tx, userId);
    if (input.role === 'owner' && membership.role !== 'owner') {
      throw new ForbiddenError(CLINIC_MESSAGES.onlyOwnerGrantsOwner);
    }
    const invitation = await insertInvitation(tx, {
      clinicId: membership.clinicId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: userId,
      expiresAt: new Date(Date.now() + CLINIC_LIMITS.invitationHours * 3_600_000),
    });
    await recordAuditEvent(tx, {
      kind: 'clinic.member_invited',
      targetInvitationId: invitation.id,
      targetLabel: input.role,
    });
    return { invitation, clinicName: membership.name };
  });
  const link = new URL(`/clinic/join#${token}`, publicUrl).toString();
  await mailer.send(
    clinicInvitationMessage(email, clinicName, link, CLINIC_LIMITS.invitationHours),
  );
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role as ClinicRole,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export async function openInvitations(db: Db, userId: string) {
  const membership = await requireManager(db, userId);
  return (await listOpenInvitations(db, membership.clinicId)).map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as ClinicRole,
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/**
 * Owners and admins withdraw an invitation that is neither used nor cancelled; its link then
 * answers exactly as an expired one does (410). Only an owner withdraws an invitation to become
 * an owner, as only an owner sends one.
 */
export async function cancelInvitation(db: Db, userId: string, invitationId: number) {
  await db.transaction(async (tx) => {
    const membership = await requireManager(tx, userId);
    const invitation = await lockPendingInvitation(tx, membership.clinicId, invitationId);
    if (!invitation) throw new NotFoundError(CLINIC_MESSAGES.invitationNotFound);
    if (invitation.role === 'owner' && membership.role !== 'owner') {
      throw new ForbiddenError(CLINIC_MESSAGES.onlyOwnerGrantsOwner);
    }
    await markInvitationCancelled(tx, invitation.id);
    await recordAuditEvent(tx, {
      kind: 'clinic.invitation_cancelled',
      targetInvitationId: invitation.id,
      targetLabel: invitation.role,
    });
  });
  return openInvitations(db, userId);
}

/**
 * The signed-in clinician joins through the link: it must be unused, not cancelled, unexpired
 * and sent to their address; an invitee without an account signs up first (the web app keeps
 * the link meanwhile). Used, cancelled, expired and unknown links get one answer, so the link
 * says nothing about why it no longer works.
 */
export async function acceptInvitation(db: Db, userId: string, token: string): Promise<Clinic> {
  try {
    await db.transaction(async (tx) => {
      const invitation = await lockInvitation(tx, hashToken(token));
      if (
        !invitation ||
        invitation.acceptedAt ||
        invitation.cancelledAt ||
        invitation.expiresAt.getTime() <= Date.now()
      ) {
        throw new HttpError(410, ERROR_CODES.badRequest, CLINIC_MESSAGES.invitationInvalid);
      }
      const email = await findUserEmail(tx, userId);
      if (email?.toLowerCase() !== invitation.email) {
        throw new ForbiddenError(CLINIC_MESSAGES.invitationOtherAddress);
      }
      if (await findMembership(tx, userId)) throw new ConflictError(CLINIC_MESSAGES.alreadyMember);
      await insertMember(tx, invitation.clinicId, userId, invitation.role);
      await markInvitationAccepted(tx, invitation.id);
      await recordAuditEvent(tx, {
        kind: 'clinic.member_joined',
        targetInvitationId: invitation.id,
        targetLabel: invitation.role,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(CLINIC_MESSAGES.alreadyMember);
    throw error;
  }
  return (await myClinic(db, userId))!;
}

/** Owners and admins change roles; only an owner touches the owner role; one owner always stays. */
export async function changeRole(
  db: Db,
  userId: string,
  memberId: string,
  role: ClinicRole,
): Promise<Clinic> {
  await db.transaction(async (tx) => {
    const membership = await requireManager(tx, userId);
    const members = await lockMembers(tx, membership.clinicId);
    const target = members.find((member) => member.userId === memberId);
    if (!target) throw new NotFoundError(CLINIC_MESSAGES.memberNotFound);
    if ((role === 'owner' || target.role === 'owner') && membership.role !== 'owner') {
      throw new ForbiddenError(CLINIC_MESSAGES.onlyOwnerGrantsOwner);
    }
    const owners = members.filter((member) => member.role === 'owner').length;
    if (target.role === 'owner' && role !== 'owner' && owners <= 1) {
      throw new ConflictError(CLINIC_MESSAGES.lastOwner);
    }
    await updateMemberRole(tx, membership.clinicId, memberId, role);
    await recordAuditEvent(tx, {
      kind: 'clinic.role_changed',
      targetUserId: memberId,
      targetLabel: `${target.role} → ${role}`,
    });
  });
  return (await myClinic(db, userId))!;
}

/** Removal ends access to the clinic's shared things at once; the member's own sessions stay theirs. */
export async function removeMember(db: Db, userId: string, memberId: string): Promise<Clinic> {
  await db.transaction(async (tx) => {
    const membership = await requireManager(tx, userId);
    const members = await lockMembers(tx, membership.clinicId);
    const target = members.find((member) => member.userId === memberId);
    if (!target) throw new NotFoundError(CLINIC_MESSAGES.memberNotFound);
    if (target.role === 'owner' && membership.role !== 'owner') {
      throw new ForbiddenError(CLINIC_MESSAGES.onlyOwnerGrantsOwner);
    }
    if (target.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) {
      throw new ConflictError(CLINIC_MESSAGES.lastOwner);
    }
    await deleteMember(tx, membership.clinicId, memberId);
    await recordAuditEvent(tx, {
      kind: 'clinic.member_removed',
      targetUserId: memberId,
      targetLabel: target.role,
    });
  });
  return (await myClinic(db, userId))!;
}

/**
 * Any member leaves on their own, with the same effect as a removal (shared things gone at once,
 * own sessions kept); the last owner cannot, or the clinic would have no one to run it.
 */
export async function leaveClinic(db: Db, userId: string): Promise<{ leftClinicId: number }> {
  return db.transaction(async (tx) => {
    const membership = await requireMember(tx, userId);
    const members = await lockMembers(tx, membership.clinicId);
    const owners = members.filter((member) => member.role === 'owner').length;
    // Read from the locked rows: a role changed since `requireMember` counts as it is now.
    const role = members.find((member) => member.userId === userId)?.role;
    if (role === 'owner' && owners <= 1) {
      throw new ConflictError(CLINIC_MESSAGES.lastOwnerLeaving);
    }
    await deleteMember(tx, membership.clinicId, userId);
    await recordAuditEvent(tx, { kind: 'clinic.member_left' });
    return { leftClinicId: membership.clinicId };
  });
}

function toClinicTemplate({
  template,
  topics,
}: Awaited<ReturnType<typeof listClinicTemplatesWithTopics>>[number]): ClinicTemplate {
  return {
    id: template.id,
    name: template.name,
    kind: template.kind,
    description: template.description,
    sections: sectionsOf(topics),
    updatedAt: template.updatedAt.toISOString(),
  };
}

export async function clinicTemplates(db: Db, userId: string): Promise<ClinicTemplate[]> {
  const membership = await requireMember(db, userId);
  return (await listClinicTemplatesWithTopics(db, membership.clinicId)).map(toClinicTemplate);
}

/** An admin shares a copy of one of their own templates or of a catalogue template. */
export async function shareTemplate(
  db: Db,
  userId: string,
  templateId: number,
): Promise<ClinicTemplate> {
  const nameInUse = (name: string) =>
    new ConflictError(`The clinic already shares a template called "${name}"`);
  let name = '';
  try {
    return await db.transaction(async (tx) => {
      const membership = await requireManager(tx, userId);
      const source = await findShareableTemplate(tx, userId, templateId);
      if (!source) throw new NotFoundError(CLINIC_MESSAGES.templateNotFound);
      name = source.name;
      if (await clinicNameTaken(tx, membership.clinicId, source.name)) throw nameInUse(name);
      const copy = await copyTemplateToClinic(tx, source, membership.clinicId);
      await recordAuditEvent(tx, {
        kind: 'clinic.template_shared',
        templateIds: [copy.template.id],
        targetLabel: copy.template.name,
      });
      return toClinicTemplate(copy);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameInUse(name);
    throw error;
  }
}

/** Stops sharing: deleted, or archived when notes use it (those notes still open). */
export async function unshareTemplate(db: Db, userId: string, templateId: number) {
  return db.transaction(async (tx) => {
    const membership = await requireManager(tx, userId);
    const [found] = await listClinicTemplatesWithTopics(tx, membership.clinicId, templateId);
    if (!found) throw new NotFoundError(CLINIC_MESSAGES.templateNotFound);
    // The name is kept in the event: an unused template is deleted below.
    await recordAuditEvent(tx, {
      kind: 'clinic.template_unshared',
      templateIds: [templateId],
      targetLabel: found.template.name,
    });
    if (await templateInUse(tx, templateId)) {
      await archiveClinicTemplate(tx, membership.clinicId, templateId);
      return { outcome: 'archived' as const };
    }
    await deleteClinicTemplate(tx, membership.clinicId, templateId);
    return { outcome: 'deleted' as const };
  });
}

type AuditQuery = z.output<typeof clinicAuditQuerySchema>;

const labelOf = (kind: string) => AUDIT_EVENT_LABELS[kind as AuditEventKind] ?? kind;

async function auditRows(db: Db, userId: string, query: AuditQuery, limit: number, offset: number) {
  const membership = await requireManager(db, userId);
  const filter: AuditFilter = {
    clinicId: membership.clinicId,
    userId: query.userId,
    sessionId: query.sessionId,
    kind: query.kind,
    from: query.from,
    to: query.to,
  };
  const [{ rows, total }, people] = await Promise.all([
    listClinicAuditEvents(db, filter, limit, offset),
    clinicPeople(db, membership.clinicId),
  ]);
  const events: ClinicAuditEvent[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    label: labelOf(row.kind),
    userId: row.userId,
    actorName: displayName(row) || null,
    target: targetOf(row),
    targetUserId: row.targetUserId,
    sessionId: row.sessionId,
    address: row.address,
  }));
  return { events, total, people };
}

/**
 * The Target cell: the member (by today's name) or the invited address, with what the event
 * fixed about it, e.g. "Colin Colleague (clinician → admin)"; a template or setting alone.
 */
function targetOf(row: Awaited<ReturnType<typeof listClinicAuditEvents>>['rows'][number]) {
  const who = row.targetUserId
    ? displayName(row.target ?? { name: null, firstName: null, lastName: null }) || row.targetUserId
    : row.invitationEmail;
  if (who && row.targetLabel) return `${who} (${row.targetLabel})`;
  return who ?? row.targetLabel ?? null;
}

/** Current members first, in the order they joined, then former members by name. */
async function clinicPeople(db: Db, clinicId: number): Promise<ClinicAuditPerson[]> {
  const rows = await listClinicPeople(db, clinicId);
  return rows
    .map((row) => ({
      userId: row.userId,
      name: displayName(row) || row.userId,
      former: !row.current,
      joinedAt: row.lastJoinedAt.getTime(),
    }))
    .sort((a, b) =>
      a.former !== b.former
        ? Number(a.former) - Number(b.former)
        : a.former
          ? a.name.localeCompare(b.name)
          : a.joinedAt - b.joinedAt,
    )
    .map(({ joinedAt: _joinedAt, ...person }) => person);
}

export async function clinicAudit(
  db: Db,
  userId: string,
  query: AuditQuery,
): Promise<ClinicAuditPage> {
  const pageSize = CLINIC_LIMITS.auditPageSize;
  const { events, total, people } = await auditRows(
    db,
    userId,
    query,
    pageSize,
    (query.page - 1) * pageSize,
  );
  return { events, page: query.page, pageSize, total, people };
}

/** A CSV cell: quoted, and a leading =, +, - or @ defused so a spreadsheet never runs it. */
const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

export async function clinicAuditCsv(db: Db, userId: string, query: AuditQuery): Promise<string> {
  const { events } = await auditRows(db, userId, query, CLINIC_LIMITS.auditCsvRows, 0);
  const header = ['time', 'member', 'member id', 'action', 'target', 'session', 'address'];
  const lines = events.map((event) =>
    [
      event.at,
      event.actorName,
      event.userId,
      event.label,
      event.target,
      event.sessionId,
      event.address,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

async function retentionStatus(
  db: Queryable,
  clinicId: number,
  retention: ClinicRetention,
): Promise<ClinicRetentionStatus> {
  const interval = CLINIC_RETENTION_INTERVALS[retention];
  if (interval === null) return { retention, dueCount: 0, oldestDueAt: null };
  const { due, oldest } = await summariseExpiredSessions(db, clinicId, interval);
  return { retention, dueCount: due, oldestDueAt: oldest?.toISOString() ?? null };
}

/** Owners and admins see the setting and what the next daily run deletes. */
export async function clinicRetention(db: Db, userId: string): Promise<ClinicRetentionStatus> {
  const membership = await requireManager(db, userId);
  return retentionStatus(db, membership.clinicId, membership.retention as ClinicRetention);
}

/** Only an owner changes how long the members' saved sessions are kept. */
export async function setClinicRetention(
  db: Db,
  userId: string,
  retention: ClinicRetention,
): Promise<ClinicRetentionStatus> {
  return db.transaction(async (tx) => {
    const membership = await requireOwner(tx, userId);
    await updateClinicRetention(tx, membership.clinicId, retention);
    await recordAuditEvent(tx, {
      kind: 'clinic.retention_changed',
      targetLabel: CLINIC_RETENTION_LABELS[retention],
    });
    return retentionStatus(tx, membership.clinicId, retention);
  });
}
