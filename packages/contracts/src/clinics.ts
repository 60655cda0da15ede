import { z } from 'zod';
import { AUDIT_EVENT_KINDS } from './audit';
import { boundedText, dbId, isoDateTime } from './text';

/**
 * Clinics (issue 29, docs/decisions/024): a workspace of clinicians with roles, invitations by
 * e-mail, templates shared with every member and an audit page for its admins. A clinician who
 * never creates or joins a clinic sees none of this but a "Create a clinic" entry.
 */

export const CLINIC_ROLES = ['owner', 'admin', 'clinician'] as const;
export type ClinicRole = (typeof CLINIC_ROLES)[number];

/** Roles that manage the clinic: invite, change roles, remove, share templates, read the audit. */
const CLINIC_MANAGER_ROLES: readonly ClinicRole[] = ['owner', 'admin'];
export const canManageClinic = (role: ClinicRole | null | undefined) =>
  role !== null && role !== undefined && CLINIC_MANAGER_ROLES.includes(role);

export const CLINIC_LIMITS = {
  nameChars: 120,
  /** How long an invitation link works. */
  invitationHours: 72,
  auditPageSize: 50,
  /** At most this many events in one CSV download. */
  auditCsvRows: 10_000,
} as const;

export const CLINIC_MESSAGES = {
  notMember: 'You are not a member of a clinic',
  alreadyMember: 'You already belong to a clinic; leave it before joining or creating another',
  notManager: 'Only the clinic’s owners and admins can do this',
  onlyOwnerGrantsOwner: 'Only an owner can make or unmake an owner',
  lastOwner: 'A clinic keeps at least one owner',
  lastOwnerLeaving:
    'You are the clinic’s last owner: make another member an owner before you leave (a clinic keeps at least one owner)',
  memberNotFound: 'Member not found',
  invitationNotFound: 'No pending invitation with this id',
  /** Also the answer to a cancelled invitation's link: a cancelled link reads like an expired one. */
  invitationInvalid: 'This invitation link is not valid, has expired or was already used',
  invitationOtherAddress: 'This invitation was sent to another e-mail address',
  templateNotFound: 'Template not found',
  notOwner: 'Only the clinic’s owners can do this',
} as const;

const clinicName = boundedText(CLINIC_LIMITS.nameChars, 'Clinic name')
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'Clinic name is required'));

export const createClinicSchema = z.strictObject({ name: clinicName });

export const clinicInvitationInputSchema = z.strictObject({
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254),
  role: z.enum(CLINIC_ROLES, { error: 'Role is owner, admin or clinician' }),
});

/** The token of an invitation link: 43 base64url characters (32 random bytes). */
export const clinicInvitationAcceptSchema = z.strictObject({
  token: z.string().regex(/^[\w-]{43}$/, CLINIC_MESSAGES.invitationInvalid),
});

export const clinicRoleInputSchema = z.strictObject({
  role: z.enum(CLINIC_ROLES, { error: 'Role is owner, admin or clinician' }),
});

export const clinicMemberParamsSchema = z.object({ userId: z.string().min(1).max(200) });

export const clinicShareTemplateSchema = z.strictObject({
  /** One of the admin's own templates, or a catalogue template (shared as a copy). */
  templateId: dbId('Unknown template'),
});

const clinicMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(CLINIC_ROLES),
  joinedAt: z.string(),
});

export const clinicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller's role. */
  role: z.enum(CLINIC_ROLES),
  members: z.array(clinicMemberSchema),
});
export type Clinic = z.infer<typeof clinicSchema>;

/** `GET /api/clinic`: the caller's clinic, or null for a clinician on their own. */
export const myClinicSchema = z.object({ clinic: clinicSchema.nullable() });

export const clinicInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(CLINIC_ROLES),
  expiresAt: z.string(),
});

export const clinicTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  description: z.string(),
  sections: z.array(
    z.object({
      title: z.string(),
      guidance: z.string(),
      format: z.enum(['prose', 'bullets']),
      verbatim: z.string().optional(),
      example: z.string().optional(),
    }),
  ),
  updatedAt: z.string(),
});
export type ClinicTemplate = z.infer<typeof clinicTemplateSchema>;

export const clinicTemplateRemovedSchema = z.object({
  outcome: z.enum(['deleted', 'archived']),
});

/** Query of `GET /api/clinic/audit` and its CSV twin. */
export const clinicAuditQuerySchema = z.strictObject({
  userId: z.string().min(1).max(200).optional(),
  sessionId: dbId('Invalid session').optional(),
  kind: z.enum(AUDIT_EVENT_KINDS, { error: 'Unknown action' }).optional(),
  from: isoDateTime('Invalid start date').optional(),
  to: isoDateTime('Invalid end date').optional(),
  page: z.coerce.number({ error: 'Invalid page' }).int().min(1).max(100_000).default(1),
});
export type ClinicAuditQuery = z.input<typeof clinicAuditQuerySchema>;

const clinicAuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  label: z.string(),
  userId: z.string().nullable(),
  actorName: z.string().nullable(),
  /**
   * Whom or what the action was about (docs/decisions/028): "Colin Colleague (clinician →
   * admin)", "new@example.test (clinician)", a shared template's name; null when the event
   * concerns no one else (a read, a save, a member leaving).
   */
  target: z.string().nullable(),
  /** The member the action was about, when it was about a member. */
  targetUserId: z.string().nullable(),
  sessionId: z.number().int().nullable(),
  address: z.string().nullable(),
});
export type ClinicAuditEvent = z.infer<typeof clinicAuditEventSchema>;

/** Someone whose events the audit shows: a member now, or a former one (left or removed). */
const clinicAuditPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  former: z.boolean(),
});
export type ClinicAuditPerson = z.infer<typeof clinicAuditPersonSchema>;

/** How the audit's member filter names someone: former members are marked. */
export const clinicAuditPersonLabel = (person: ClinicAuditPerson) =>
  person.former ? `${person.name} (former)` : person.name;

export const clinicAuditPageSchema = z.object({
  events: z.array(clinicAuditEventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Everyone who has been a member, current members first: the member filter's choices. */
  people: z.array(clinicAuditPersonSchema),
});
export type ClinicAuditPage = z.infer<typeof clinicAuditPageSchema>;

/**
 * How long a clinic keeps its members' saved sessions (transcripts and notes), counted from the
 * session's creation (issue 29 item 5). A daily job deletes the expired ones; audit events stay.
 */
export const CLINIC_RETENTION_PERIODS = ['30d', '1y', '7y', 'forever'] as const;
export type ClinicRetention = (typeof CLINIC_RETENTION_PERIODS)[number];

export const CLINIC_RETENTION_LABELS: Record<ClinicRetention, string> = {
  '30d': '30 days',
  '1y': '1 year',
  '7y': '7 years',
  forever: 'Forever',
};

/** The period as a PostgreSQL interval; `forever` has none. */
export const CLINIC_RETENTION_INTERVALS: Record<ClinicRetention, string | null> = {
  '30d': '30 days',
  '1y': '1 year',
  '7y': '7 years',
  forever: null,
};

export const clinicRetentionInputSchema = z.strictObject({
  retention: z.enum(CLINIC_RETENTION_PERIODS, {
    error: 'Keep saved sessions for 30 days, 1 year, 7 years or forever',
  }),
});

/** `GET /api/clinic/retention`: the setting and what the next daily run would delete. */
export const clinicRetentionSchema = z.object({
  retention: z.enum(CLINIC_RETENTION_PERIODS),
  /** Saved sessions of the clinic's members already past the period. */
  dueCount: z.number().int(),
  /** Creation time of the oldest of them; null when none is due. */
  oldestDueAt: z.string().nullable(),
});
export type ClinicRetentionStatus = z.infer<typeof clinicRetentionSchema>;
