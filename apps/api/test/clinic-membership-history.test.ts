/**
 * Docs/decisions/028, the gaps issue 29's first slice left, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: a clinic keeps who was a member when (periods open on founding and joining, close on
 * leaving and removal), and its Audit page and CSV show anyone's events while they were a member,
 * a former member marked; every clinic action names whom or what it was about; any member leaves
 * (the last owner cannot); owners and admins cancel a pending invitation, whose link then answers
 * exactly like an expired one. Each refusal is asserted beside the success it guards.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLINIC_MESSAGES } from '@clerkly/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { clinicFixture, queryRows } from './clinic-fixture';
import { createUser, type TestUser as User } from './helper';
import { createScratchPostgres } from './scratch-postgres';
import { useTestApp } from './use-test-app';

const testApp = useTestApp();
const { call, invitationToken, foundClinic, join, newSession } = clinicFixture(() => testApp.app);
let owner: User;
let admin: User;
let clinician: User;
let leaver: User;
let otherOwner: User;
let loner: User;

const query = <Row>(statement: SQL, database: Database = testApp.app.database) =>
  queryRows<Row>(database, statement);

type Period = { role: string; open: boolean };
const periodsOf = (user: User) =>
  query<Period>(
    sql`select role, left_at is null as open from clinic_membership_periods where user_id = ${user.id} order by id`,
  );

interface AuditPage {
  events: {
    kind: string;
    userId: string;
    actorName: string;
    target: string | null;
    targetUserId: string | null;
    sessionId: number | null;
  }[];
  total: number;
  people: { userId: string; name: string; former: boolean }[];
}

const audit = async (user: User, search = '') => {
  const response = await call(user, 'GET', `/api/clinic/audit${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
};

const targetsOf = async (kind: string) =>
  (await audit(owner, `?kind=${kind}`)).events.map((event) => event.target);

beforeAll(async () => {
  owner = await createUser(testApp.app, { firstName: 'Ruth', lastName: 'Owner' });
  admin = await createUser(testApp.app, { firstName: 'Adam', lastName: 'Admin' });
  clinician = await createUser(testApp.app, { firstName: 'Cora', lastName: 'Clinician' });
  leaver = await createUser(testApp.app, { firstName: 'Lee', lastName: 'Leaver' });
  otherOwner = await createUser(testApp.app, { firstName: 'Otto', lastName: 'Other' });
  loner = await createUser(testApp.app, { firstName: 'Lone', lastName: 'Wolf' });
  await foundClinic(owner, 'Tide Clinic');
  await foundClinic(otherOwner, 'Reef Clinic');
});

describe('membership periods', () => {
  it('open when a clinician founds or joins a clinic, and keep the member’s role current', async () => {
    await join(owner, admin, 'clinician');
    const promoted = await call(owner, 'PUT', `/api/clinic/members/${admin.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await periodsOf(owner)).toEqual([{ role: 'owner', open: true }]);
    expect(await periodsOf(admin)).toEqual([{ role: 'admin', open: true }]);
    expect(await periodsOf(loner)).toEqual([]);
  });
});

describe('audit targets', () => {
  it('names whom or what every clinic action was about, on the page and in the CSV', async () => {
    await join(owner, clinician, 'clinician');
    const email = clinician.email.toLowerCase();
    expect(await targetsOf('clinic.member_invited')).toEqual([
      `${email} (clinician)`,
      `${admin.email.toLowerCase()} (clinician)`,
    ]);
    expect(await targetsOf('clinic.member_joined')).toEqual([
      `${email} (clinician)`,
      `${admin.email.toLowerCase()} (clinician)`,
    ]);
    const roleChange = await audit(owner, '?kind=clinic.role_changed');
    expect(roleChange.events).toMatchObject([
      {
        actorName: 'Ruth Owner',
        targetUserId: admin.id,
        target: 'Adam Admin (clinician → admin)',
      },
    ]);

    const own = await call(owner, 'POST', '/api/templates/mine', {
      name: 'Tide Knee Review',
      kind: 'note',
      sections: [{ title: 'Knee', guidance: 'Findings of the knee', format: 'bullets' }],
    });
    expect(own.statusCode, own.body).toBe(201);
    const shared = await call(owner, 'POST', '/api/clinic/templates', {
      templateId: own.json<{ id: number }>().id,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const unshared = await call(
      owner,
      'DELETE',
      `/api/clinic/templates/${shared.json<{ id: number }>().id}`,
    );
    // Unused, the clinic's copy is deleted; the event still says which template it was.
    expect(unshared.json()).toEqual({ outcome: 'deleted' });
    expect(await targetsOf('clinic.template_shared')).toEqual(['Tide Knee Review']);
    expect(await targetsOf('clinic.template_unshared')).toEqual(['Tide Knee Review']);
    expect(
      (await call(owner, 'PUT', '/api/clinic/retention', { retention: '7y' })).statusCode,
    ).toBe(200);
    expect(await targetsOf('clinic.retention_changed')).toEqual(['7 years']);

    // Reads and saves are about no one else; the founding names nobody either.
    const session = await newSession(clinician);
    expect(await targetsOf('clinic.created')).toEqual([null]);
    const reads = await audit(owner, `?sessionId=${session}`);
    expect(reads.events.map((event) => event.target)).toEqual([null]);

    const csv = await call(owner, 'GET', '/api/clinic/audit.csv?kind=clinic.role_changed');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"time","member","member id","action","target","session","address"');
    expect(lines[1]).toContain(
      `"Ruth Owner","${owner.id}","changed a member’s role","Adam Admin (clinician → admin)",""`,
    );
  });
});

describe('former members on the Audit page', () => {
  it('shows a member’s events while they were a member, after they left, and only those', async () => {
    const before = await newSession(leaver);
    await join(owner, leaver, 'clinician');
    const during = await newSession(leaver);
    expect((await call(leaver, 'GET', `/api/patient-sessions/${during}`)).statusCode).toBe(200);

    const left = await call(leaver, 'POST', '/api/clinic/leave');
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ clinic: null });
    expect(await periodsOf(leaver)).toEqual([{ role: 'clinician', open: false }]);
    const after = await newSession(leaver);

    const theirs = await audit(owner, `?userId=${leaver.id}`);
    expect(theirs.events.map((event) => event.kind)).toEqual([
      'clinic.member_left',
      'session.opened',
      'session.created',
      'clinic.member_joined',
    ]);
    expect(theirs.events.every((event) => event.actorName === 'Lee Leaver')).toBe(true);
    expect(theirs.events.find((e) => e.kind === 'session.created')?.sessionId).toBe(during);
    expect((await audit(owner, `?sessionId=${before}`)).total).toBe(0);
    expect((await audit(owner, `?sessionId=${after}`)).total).toBe(0);

    // The member filter lists them as a former member, after the current members.
    const { people } = await audit(owner);
    expect(people).toEqual([
      { userId: owner.id, name: 'Ruth Owner', former: false },
      { userId: admin.id, name: 'Adam Admin', former: false },
      { userId: clinician.id, name: 'Cora Clinician', former: false },
      { userId: leaver.id, name: 'Lee Leaver', former: true },
    ]);
    const csv = await call(owner, 'GET', `/api/clinic/audit.csv?userId=${leaver.id}`);
    expect(csv.body).toContain('"left the clinic"');
    expect(csv.body).toContain(`"${during}"`);
    expect(csv.body).not.toContain(`"${after}"`);

    // Invited again, they have a second period; the time between stays theirs alone.
    await join(owner, leaver, 'clinician');
    const again = await newSession(leaver);
    expect(await periodsOf(leaver)).toEqual([
      { role: 'clinician', open: false },
      { role: 'clinician', open: true },
    ]);
    expect((await audit(owner, `?sessionId=${again}`)).total).toBe(1);
    expect((await audit(owner, `?sessionId=${after}`)).total).toBe(0);
    expect((await audit(owner)).people.find((p) => p.userId === leaver.id)?.former).toBe(false);
    // The other clinic sees none of it.
    expect((await audit(otherOwner, `?userId=${leaver.id}`)).total).toBe(0);
    expect((await audit(otherOwner)).people.map((p) => p.userId)).toEqual([otherOwner.id]);
  });

  it('keeps a removed member’s reads of patient data on the page', async () => {
    const session = await newSession(clinician);
    expect((await call(clinician, 'GET', `/api/patient-sessions/${session}`)).statusCode).toBe(200);
    const removed = await call(owner, 'DELETE', `/api/clinic/members/${clinician.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await periodsOf(clinician)).toEqual([{ role: 'clinician', open: false }]);

    const reads = await audit(owner, `?userId=${clinician.id}&kind=session.opened`);
    expect(reads.events).toMatchObject([{ sessionId: session, actorName: 'Cora Clinician' }]);
    const removal = await audit(admin, '?kind=clinic.member_removed');
    expect(removal.events).toMatchObject([
      { actorName: 'Ruth Owner', targetUserId: clinician.id, target: 'Cora Clinician (clinician)' },
    ]);
    expect(removal.people.find((p) => p.userId === clinician.id)).toEqual({
      userId: clinician.id,
      name: 'Cora Clinician',
      former: true,
    });
    // A former member is refused the clinic's audit like anyone outside it.
    expect((await call(clinician, 'GET', '/api/clinic/audit')).statusCode).toBe(404);
  });
});

describe('leaving a clinic', () => {
  it('is open to any member; the last owner is refused with a clear message', async () => {
    const refused = await call(owner, 'POST', '/api/clinic/leave');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: CLINIC_MESSAGES.lastOwnerLeaving } });
    expect((await call(owner, 'GET', '/api/clinic')).json()).toMatchObject({
      clinic: { name: 'Tide Clinic', role: 'owner' },
    });
    // No clinic, nothing to leave: a removed member and a clinician on their own.
    expect((await call(clinician, 'POST', '/api/clinic/leave')).statusCode).toBe(404);
    expect((await call(loner, 'POST', '/api/clinic/leave')).statusCode).toBe(404);

    const left = await call(admin, 'POST', '/api/clinic/leave');
    expect(left.statusCode, left.body).toBe(200);
    expect((await call(admin, 'GET', '/api/clinic')).json()).toEqual({ clinic: null });
    expect((await call(admin, 'GET', '/api/clinic/templates')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/clinic/audit')).statusCode).toBe(404);
    const clinic = (await call(owner, 'GET', '/api/clinic')).json<{
      clinic: { members: { userId: string }[] };
    }>();
    expect(clinic.clinic.members.map((member) => member.userId)).not.toContain(admin.id);
  });

  it('lets an owner go once another owner stays', async () => {
    await join(otherOwner, loner, 'owner');
    const left = await call(otherOwner, 'POST', '/api/clinic/leave');
    expect(left.statusCode, left.body).toBe(200);
    const refused = await call(loner, 'POST', '/api/clinic/leave');
    expect(refused.statusCode).toBe(409);
    const reef = await audit(loner, '?kind=clinic.member_left');
    expect(reef.events).toMatchObject([{ userId: otherOwner.id, target: null }]);
    expect(reef.people).toEqual([
      { userId: loner.id, name: 'Lone Wolf', former: false },
      { userId: otherOwner.id, name: 'Otto Other', former: true },
    ]);
  });
});

describe('cancelling an invitation', () => {
  it('is for owners and admins of the clinic; the link then answers like an expired one', async () => {
    // Back in the clinic: the admin (who left) as an admin again, a clinician who is a member.
    await join(owner, admin, 'admin');
    const member = await createUser(testApp.app, { firstName: 'Mia', lastName: 'Member' });
    await join(owner, member, 'clinician');
    const invitee = await createUser(testApp.app, { firstName: 'Ivy', lastName: 'Invitee' });
    const invited = await call(owner, 'POST', '/api/clinic/invitations', {
      email: invitee.email,
      role: 'clinician',
    });
    const id = invited.json<{ id: number }>().id;
    const token = await invitationToken(invitee.email);
    const url = `/api/clinic/invitations/${id}`;

    const refused = [
      await call(member, 'DELETE', url), // a clinician acting as admin
      await call(clinician, 'DELETE', url), // a removed member
      await call(loner, 'DELETE', url), // the owner of another clinic
      await call(otherOwner, 'DELETE', url), // a clinician who left their clinic
      await call(owner, 'DELETE', '/api/clinic/invitations/999999'),
    ].map((response) => response.statusCode);
    expect(refused).toEqual([403, 404, 404, 404, 404]);
    expect((await call(owner, 'GET', '/api/clinic/invitations')).json()).toMatchObject([{ id }]);

    const cancelled = await call(admin, 'DELETE', url);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual([]);
    expect((await call(owner, 'GET', '/api/clinic/invitations')).json()).toEqual([]);
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(404);
    const event = await audit(owner, '?kind=clinic.invitation_cancelled');
    expect(event.events).toMatchObject([
      { actorName: 'Adam Admin', target: `${invitee.email.toLowerCase()} (clinician)` },
    ]);

    // The cancelled link: refused exactly as an expired link is, body and all.
    const cancelledAnswer = await call(invitee, 'POST', '/api/clinic/invitations/accept', {
      token,
    });
    expect(cancelledAnswer.statusCode).toBe(410);
    await call(owner, 'POST', '/api/clinic/invitations', {
      email: invitee.email,
      role: 'clinician',
    });
    const lateToken = await invitationToken(invitee.email);
    await testApp.app.database.db.execute(
      sql`update clinic_invitations set expires_at = now() - interval '1 minute' where accepted_at is null and cancelled_at is null`,
    );
    const expiredAnswer = await call(invitee, 'POST', '/api/clinic/invitations/accept', {
      token: lateToken,
    });
    expect(expiredAnswer.statusCode).toBe(410);
    expect(cancelledAnswer.json()).toEqual(expiredAnswer.json());
    expect(cancelledAnswer.json()).toMatchObject({
      error: { message: CLINIC_MESSAGES.invitationInvalid },
    });
    expect((await call(invitee, 'GET', '/api/clinic')).json()).toEqual({ clinic: null });
  });

  it('leaves used invitations alone, and an owner’s invitation to the owners', async () => {
    const joiner = await createUser(testApp.app, { firstName: 'Jo', lastName: 'Joiner' });
    await join(owner, joiner, 'clinician');
    const [used] = await query<{ id: number }>(
      sql`select id from clinic_invitations where email = ${joiner.email.toLowerCase()}`,
    );
    expect((await call(owner, 'DELETE', `/api/clinic/invitations/${used!.id}`)).statusCode).toBe(
      404,
    );
    // A used link stays used after a cancellation attempt.
    const reused = await call(joiner, 'POST', '/api/clinic/invitations/accept', {
      token: await invitationToken(joiner.email),
    });
    expect(reused.statusCode).toBe(410);

    const future = await call(owner, 'POST', '/api/clinic/invitations', {
      email: 'future.owner@example.test',
      role: 'owner',
    });
    const url = `/api/clinic/invitations/${future.json<{ id: number }>().id}`;
    expect((await call(admin, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', url)).statusCode).toBe(200);
  });
});

describe('migration 0018', () => {
  it('gives the members of the day an open period from the day they joined', async () => {
    const migrations = testApp.app.config.migrationsDir;
    // The migrations as they were before this one: a copy whose journal stops at 0017.
    const before = mkdtempSync(path.join(tmpdir(), 'clerkly-migrations-'));
    cpSync(migrations, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith('0018_'));
    expect(upTo).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, upTo);
    writeFileSync(journalFile, JSON.stringify(journal));

    const server = process.env.TEST_DATABASE_URL;
    const scratch = server ? await createScratchPostgres(server, 'clerkly_migration') : null;
    const database = openDatabase(
      scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'pglite', dataDir: null },
    );
    try {
      await database.migrate(before);
      await database.db.execute(sql`
        insert into users (id, name, email) values
          ('u-owner', 'Old Owner', 'old.owner@example.test'),
          ('u-member', 'Old Member', 'old.member@example.test')`);
      await database.db.execute(sql`insert into clinics (id, name) values (7, 'Old Clinic')`);
      await database.db.execute(sql`
        insert into clinic_members (user_id, clinic_id, role, joined_at) values
          ('u-owner', 7, 'owner', '2025-01-02T03:04:05Z'),
          ('u-member', 7, 'admin', '2025-06-07T08:09:10Z')`);

      await database.migrate(migrations);
      const periods = await query<{ user_id: string; role: string; joined: string; open: boolean }>(
        sql`select user_id, role, to_char(joined_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as joined, left_at is null as open from clinic_membership_periods where clinic_id = 7 order by user_id`,
        database,
      );
      expect(periods).toEqual([
        { user_id: 'u-member', role: 'admin', joined: '2025-06-07 08:09:10', open: true },
        { user_id: 'u-owner', role: 'owner', joined: '2025-01-02 03:04:05', open: true },
      ]);
    } finally {
      await database.close();
      await scratch?.drop();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
