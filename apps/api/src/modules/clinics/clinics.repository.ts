import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  min,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CLINIC_SEAT_ROLES } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import {
  auditEvents,
  clinicInvitations,
  clinicMembers,
  clinicMembershipPeriods,
  clinics,
  patientSessions,
  templates,
  templateTopics,
  users,
} from '../../db/schema';

/** Queries of clinics (issue 29); every read of a member or template is scoped to one clinic. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export async function findMembership(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      clinicId: clinicMembers.clinicId,
      role: clinicMembers.role,
      name: clinics.name,
      retention: clinics.retention,
    })
    .from(clinicMembers)
    .innerJoin(clinics, eq(clinics.id, clinicMembers.clinicId))
    .where(eq(clinicMembers.userId, userId));
  return row ?? null;
}

export async function listMembers(db: Queryable, clinicId: number) {
  return db
    .select({
      userId: clinicMembers.userId,
      role: clinicMembers.role,
      joinedAt: clinicMembers.joinedAt,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(eq(clinicMembers.clinicId, clinicId))
    .orderBy(asc(clinicMembers.joinedAt), asc(clinicMembers.userId));
}

/** Members who take a seat (contracts `CLINIC_SEAT_ROLES`): what a clinic's plan pays for. */
export async function countSeats(db: Queryable, clinicId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clinicMembers)
    .where(
      and(
        eq(clinicMembers.clinicId, clinicId),
        inArray(clinicMembers.role, [...CLINIC_SEAT_ROLES]),
      ),
    );
  return row?.n ?? 0;
}

export async function insertClinic(tx: Tx, name: string) {
  const [row] = await tx.insert(clinics).values({ name }).returning();
  return row!;
}

/**
 * Makes `userId` a member and opens their membership period; both take the transaction's
 * `now()`, as does the audit event written beside them, so that event falls inside the period.
 */
export async function insertMember(tx: Tx, clinicId: number, userId: string, role: string) {
  await tx.insert(clinicMembers).values({ clinicId, userId, role });
  await tx.insert(clinicMembershipPeriods).values({ clinicId, userId, role });
}

/** Holds the clinic's member rows, so two role changes cannot both remove the last owner. */
export async function lockMembers(tx: Tx, clinicId: number) {
  return tx
    .select({ userId: clinicMembers.userId, role: clinicMembers.role })
    .from(clinicMembers)
    .where(eq(clinicMembers.clinicId, clinicId))
    .for('update');
}

const openPeriodOf = (clinicId: number, userId: string) =>
  and(
    eq(clinicMembershipPeriods.clinicId, clinicId),
    eq(clinicMembershipPeriods.userId, userId),
    isNull(clinicMembershipPeriods.leftAt),
  );

export async function updateMemberRole(tx: Tx, clinicId: number, userId: string, role: string) {
  await tx
    .update(clinicMembers)
    .set({ role })
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.userId, userId)));
  await tx.update(clinicMembershipPeriods).set({ role }).where(openPeriodOf(clinicId, userId));
}

/** Ends a membership (left or removed): the row goes, the period closes at the transaction's now(). */
export async function deleteMember(tx: Tx, clinicId: number, userId: string) {
  await tx
    .delete(clinicMembers)
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.userId, userId)));
  await tx
    .update(clinicMembershipPeriods)
    .set({ leftAt: sql`now()` })
    .where(openPeriodOf(clinicId, userId));
}

export async function insertInvitation(tx: Tx, values: typeof clinicInvitations.$inferInsert) {
  const [row] = await tx.insert(clinicInvitations).values(values).returning();
  return row!;
}

/** The invitation of `tokenHash`, held for the transaction so it is used once. */
export async function lockInvitation(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(clinicInvitations)
    .where(eq(clinicInvitations.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function markInvitationAccepted(tx: Tx, id: number) {
  await tx
    .update(clinicInvitations)
    .set({ acceptedAt: new Date() })
    .where(eq(clinicInvitations.id, id));
}

/** The clinic's invitation `id` while it is neither used nor cancelled, held for the transaction. */
export async function lockPendingInvitation(tx: Tx, clinicId: number, id: number) {
  const [row] = await tx
    .select()
    .from(clinicInvitations)
    .where(
      and(
        eq(clinicInvitations.id, id),
        eq(clinicInvitations.clinicId, clinicId),
        isNull(clinicInvitations.acceptedAt),
        isNull(clinicInvitations.cancelledAt),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function markInvitationCancelled(tx: Tx, id: number) {
  await tx
    .update(clinicInvitations)
    .set({ cancelledAt: new Date() })
    .where(eq(clinicInvitations.id, id));
}

/** Invitations whose link still works: not used, not cancelled, not expired. */
export async function listOpenInvitations(db: Queryable, clinicId: number) {
  return db
    .select()
    .from(clinicInvitations)
    .where(
      and(
        eq(clinicInvitations.clinicId, clinicId),
        isNull(clinicInvitations.acceptedAt),
        isNull(clinicInvitations.cancelledAt),
        sql`${clinicInvitations.expiresAt} > now()`,
      ),
    )
    .orderBy(asc(clinicInvitations.id));
}

export async function findUserEmail(db: Queryable, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** A template the sharer may share: their own in use, or one of the catalogue. */
export async function findShareableTemplate(tx: Tx, userId: string, id: number) {
  const [row] = await tx
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.id, id),
        isNull(templates.archivedAt),
        isNull(templates.clinicId),
        sql`(${templates.ownerUserId} = ${userId} or ${templates.ownerUserId} is null)`,
      ),
    );
  return row ?? null;
}

async function listTopics(db: Queryable, templateIds: number[]) {
  if (templateIds.length === 0) return [];
  return db
    .select()
    .from(templateTopics)
    .where(inArray(templateTopics.templateId, templateIds))
    .orderBy(asc(templateTopics.templateId), asc(templateTopics.position));
}

export async function listClinicTemplatesWithTopics(db: Queryable, clinicId: number, id?: number) {
  const rows = await db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.clinicId, clinicId),
        isNull(templates.archivedAt),
        id === undefined ? undefined : eq(templates.id, id),
      ),
    )
    .orderBy(asc(templates.name), asc(templates.id));
  const topics = await listTopics(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((template) => ({
    template,
    topics: topics.filter((topic) => topic.templateId === template.id),
  }));
}

export async function clinicNameTaken(tx: Tx, clinicId: number, name: string) {
  const rows = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(
      and(eq(templates.clinicId, clinicId), eq(templates.name, name), isNull(templates.archivedAt)),
    );
  return rows.length > 0;
}

export async function copyTemplateToClinic(
  tx: Tx,
  source: typeof templates.$inferSelect,
  clinicId: number,
) {
  const [copy] = await tx
    .insert(templates)
    .values({
      name: source.name,
      kind: source.kind,
      description: source.description,
      medicalProfession: source.medicalProfession,
      recommend: 0,
      ownerUserId: null,
      clinicId,
      copiedFromId: source.ownerUserId === null ? source.id : source.copiedFromId,
    })
    .returning();
  const topics = await listTopics(tx, [source.id]);
  const copiedTopics = topics.length
    ? await tx
        .insert(templateTopics)
        .values(
          topics.map(({ id: _id, templateId: _templateId, ...topic }) => ({
            ...topic,
            templateId: copy!.id,
          })),
        )
        .returning()
    : [];
  return { template: copy!, topics: copiedTopics };
}

export async function archiveClinicTemplate(tx: Tx, clinicId: number, id: number) {
  await tx
    .update(templates)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(templates.id, id), eq(templates.clinicId, clinicId)));
}

export async function deleteClinicTemplate(tx: Tx, clinicId: number, id: number) {
  await tx.delete(templates).where(and(eq(templates.id, id), eq(templates.clinicId, clinicId)));
}

export interface AuditFilter {
  clinicId: number;
  userId?: string;
  sessionId?: number;
  kind?: string;
  from?: string;
  to?: string;
}

/**
 * Events of anyone while they were a member of the clinic (docs/decisions/028): from the moment
 * they founded or joined it to the moment they left or were removed, both included (the join and
 * leave events carry the same transaction time as the period's ends). What a former member did
 * before joining or after leaving is not the clinic's to see.
 */
function auditWhere(filter: AuditFilter): SQL {
  const period = clinicMembershipPeriods;
  return and(
    sql`exists (select 1 from ${period} where ${period.clinicId} = ${filter.clinicId} and ${period.userId} = ${auditEvents.userId} and ${auditEvents.at} >= ${period.joinedAt} and (${period.leftAt} is null or ${auditEvents.at} <= ${period.leftAt}))`,
    filter.userId ? eq(auditEvents.userId, filter.userId) : undefined,
    filter.sessionId ? eq(auditEvents.sessionId, filter.sessionId) : undefined,
    filter.kind ? eq(auditEvents.kind, filter.kind) : undefined,
    filter.from ? gte(auditEvents.at, new Date(filter.from)) : undefined,
    filter.to ? lte(auditEvents.at, new Date(filter.to)) : undefined,
  )!;
}

const targetUsers = alias(users, 'target_user');

export async function listClinicAuditEvents(
  db: Queryable,
  filter: AuditFilter,
  limit: number,
  offset: number,
) {
  const where = auditWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        kind: auditEvents.kind,
        userId: auditEvents.userId,
        sessionId: auditEvents.sessionId,
        address: auditEvents.address,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        targetUserId: auditEvents.targetUserId,
        targetLabel: auditEvents.targetLabel,
        target: {
          name: targetUsers.name,
          firstName: targetUsers.firstName,
          lastName: targetUsers.lastName,
        },
        // Scoped to this clinic: an id of another clinic's invitation resolves to nothing.
        invitationEmail: clinicInvitations.email,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.userId))
      .leftJoin(targetUsers, eq(targetUsers.id, auditEvents.targetUserId))
      .leftJoin(
        clinicInvitations,
        and(
          eq(clinicInvitations.id, auditEvents.targetInvitationId),
          eq(clinicInvitations.clinicId, filter.clinicId),
        ),
      )
      .where(where)
      .orderBy(desc(auditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Everyone who has had a membership period in the clinic, with whether they are a member now:
 * the audit's member filter. A former member may belong to another clinic by now; here they are
 * former all the same.
 */
export async function listClinicPeople(db: Queryable, clinicId: number) {
  const period = clinicMembershipPeriods;
  return db
    .select({
      userId: period.userId,
      current: sql<boolean>`bool_or(${period.leftAt} is null)`.mapWith(Boolean),
      lastJoinedAt: sql<Date>`max(${period.joinedAt})`.mapWith(period.joinedAt),
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(period)
    .leftJoin(users, eq(users.id, period.userId))
    .where(eq(period.clinicId, clinicId))
    .groupBy(period.userId, users.name, users.firstName, users.lastName);
}

export async function updateClinicRetention(tx: Tx, clinicId: number, retention: string) {
  await tx.update(clinics).set({ retention }).where(eq(clinics.id, clinicId));
}

/** Clinics that delete anything at all: every setting but `forever`. */
export async function listClinicsWithRetention(db: Queryable) {
  return db
    .select({ id: clinics.id, retention: clinics.retention })
    .from(clinics)
    .where(ne(clinics.retention, 'forever'))
    .orderBy(asc(clinics.id));
}

/**
 * Saved sessions of the clinic's current members created before `now() - interval`. Sessions of
 * clinicians outside the clinic (a removed member's too) never match: membership is read here.
 */
const expiredSessions = (clinicId: number, interval: string) =>
  and(
    inArray(
      patientSessions.userId,
      sql`(select ${clinicMembers.userId} from ${clinicMembers} where ${clinicMembers.clinicId} = ${clinicId})`,
    ),
    isNotNull(patientSessions.savedAt),
    lt(patientSessions.createdAt, sql`now() - ${interval}::interval`),
  );

/** How many sessions the next run deletes, and when the oldest of them was created. */
export async function summariseExpiredSessions(db: Queryable, clinicId: number, interval: string) {
  const [row] = await db
    .select({ due: count(), oldest: min(patientSessions.createdAt) })
    .from(patientSessions)
    .where(expiredSessions(clinicId, interval));
  return { due: row?.due ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Deletes up to `limit` expired sessions; their transcripts, notes, segments, versions and sends
 * go with them (`on delete cascade`), their audit events stay (no foreign key on purpose).
 */
export async function deleteExpiredSessions(
  tx: Tx,
  clinicId: number,
  interval: string,
  limit: number,
) {
  const batch = tx
    .select({ id: patientSessions.id })
    .from(patientSessions)
    .where(expiredSessions(clinicId, interval))
    .orderBy(asc(patientSessions.createdAt), asc(patientSessions.id))
    .limit(limit);
  return tx
    .delete(patientSessions)
    .where(inArray(patientSessions.id, batch))
    .returning({ id: patientSessions.id, userId: patientSessions.userId });
}
