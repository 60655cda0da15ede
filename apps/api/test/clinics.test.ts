/**
 * Issue 29: clinics through the API, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. An owner
 * founds a clinic, shares templates and invites a colleague by e-mail; the colleague joins through
 * the mailed link and uses a shared template; the admin reads the clinic's audit events; removal
 * ends access to shared templates at once and leaves the colleague's own sessions theirs (and
 * their events while a member on the clinic's audit: test/clinic-membership-history.test.ts). Each
 * refusal (another clinic's member, a removed member, a clinician acting as admin, an expired or
 * reused invitation, another address) is asserted beside the success it guards.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinicFixture } from './clinic-fixture';
import { createUser, type TestUser as User } from './helper';
import { useTestApp } from './use-test-app';

const testApp = useTestApp();
const { call, invitationToken, newSession } = clinicFixture(() => testApp.app);
let owner: User;
let colleague: User;
let outsider: User;

const saveNote = (user: User, sessionId: number, templateId: number, baseVersion: number) =>
  call(user, 'PATCH', `/api/patient-sessions/${sessionId}`, {
    notes: [
      { notesContent: '<p>Knee sore after a fall</p>', patientSessionId: sessionId, templateId },
    ],
    duration: 30,
    transcribedText: 'my knee is sore since I fell',
    baseVersion,
  });

let ownTemplateId: number;
let sharedId: number;
let sharedCatalogueId: number;
let colleagueSessionId: number;

beforeAll(async () => {
  owner = await createUser(testApp.app, { firstName: 'Olive', lastName: 'Owner' });
  colleague = await createUser(testApp.app, { firstName: 'Colin', lastName: 'Colleague' });
  outsider = await createUser(testApp.app, { firstName: 'Otto', lastName: 'Outsider' });
});

describe('clinics', () => {
  it('a clinician on their own has no clinic; founding one makes them its owner, once', async () => {
    expect((await call(owner, 'GET', '/api/clinic')).json()).toEqual({ clinic: null });
    const created = await call(owner, 'POST', '/api/clinic', { name: '  Harbour Clinic ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Harbour Clinic',
      role: 'owner',
      members: [{ userId: owner.id, role: 'owner', name: 'Olive Owner' }],
    });
    expect((await call(owner, 'POST', '/api/clinic', { name: 'Second' })).statusCode).toBe(409);
    expect((await call(owner, 'POST', '/api/clinic', { name: '   ' })).statusCode).toBe(400);
    const other = await call(outsider, 'POST', '/api/clinic', { name: 'Other Clinic' });
    expect(other.statusCode).toBe(201);
  });

  it('an owner shares an own template and a copy of a catalogue template', async () => {
    const own = await call(owner, 'POST', '/api/templates/mine', {
      name: 'Harbour Knee Review',
      kind: 'note',
      sections: [{ title: 'Knee', guidance: 'Findings of the knee', format: 'bullets' }],
    });
    expect(own.statusCode, own.body).toBe(201);
    ownTemplateId = own.json<{ id: number }>().id;
    const shared = await call(owner, 'POST', '/api/clinic/templates', {
      templateId: ownTemplateId,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json()).toMatchObject({
      name: 'Harbour Knee Review',
      sections: [{ title: 'Knee', format: 'bullets' }],
    });
    sharedId = shared.json<{ id: number }>().id;
    expect(sharedId).not.toBe(ownTemplateId);
    const catalogue = await call(owner, 'POST', '/api/clinic/templates', { templateId: 1 });
    expect(catalogue.statusCode, catalogue.body).toBe(201);
    sharedCatalogueId = catalogue.json<{ id: number }>().id;
    // The same template twice is a conflict; another clinician's template is unknown.
    expect((await call(owner, 'POST', '/api/clinic/templates', { templateId: 1 })).statusCode).toBe(
      409,
    );
    const othersOwn = await call(outsider, 'POST', '/api/templates/mine', {
      name: 'Otto Private',
      kind: 'note',
      sections: [{ title: 'A', guidance: 'B', format: 'prose' }],
    });
    const othersId = othersOwn.json<{ id: number }>().id;
    expect(
      (await call(owner, 'POST', '/api/clinic/templates', { templateId: othersId })).statusCode,
    ).toBe(404);
    // The catalogue still lists template 1 once, under its own name.
    const names = (await call(outsider, 'GET', '/api/templates/')).json<{ id: number }[]>();
    expect(names.filter((t) => t.id === sharedCatalogueId)).toEqual([]);
  });

  it('an invitation mailed to the colleague lets them join once; another address, reuse and expiry are refused', async () => {
    const invited = await call(owner, 'POST', '/api/clinic/invitations', {
      email: colleague.email,
      role: 'clinician',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await invitationToken(colleague.email);
    const listed = await call(owner, 'GET', '/api/clinic/invitations');
    expect(listed.json()).toMatchObject([{ email: colleague.email.toLowerCase() }]);

    const wrongPerson = await call(outsider, 'POST', '/api/clinic/invitations/accept', { token });
    expect(wrongPerson.statusCode).toBe(403);
    const joined = await call(colleague, 'POST', '/api/clinic/invitations/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ name: 'Harbour Clinic', role: 'clinician' });
    const reused = await call(colleague, 'POST', '/api/clinic/invitations/accept', { token });
    expect(reused.statusCode).toBe(410);

    const late = await createUser(testApp.app);
    await call(owner, 'POST', '/api/clinic/invitations', { email: late.email, role: 'admin' });
    const lateToken = await invitationToken(late.email);
    await testApp.app.database.db.execute(
      sql`update clinic_invitations set expires_at = now() - interval '1 minute' where accepted_at is null`,
    );
    const expired = await call(late, 'POST', '/api/clinic/invitations/accept', {
      token: lateToken,
    });
    expect(expired.statusCode).toBe(410);
    expect((await call(late, 'GET', '/api/clinic')).json()).toEqual({ clinic: null });
    const junk = await call(late, 'POST', '/api/clinic/invitations/accept', { token: 'short' });
    expect(junk.statusCode).toBe(400);
  });

  it('a clinician acting as admin is refused every manager action', async () => {
    const refused = [
      await call(colleague, 'POST', '/api/clinic/invitations', {
        email: 'someone@example.test',
        role: 'clinician',
      }),
      await call(colleague, 'GET', '/api/clinic/invitations'),
      await call(colleague, 'POST', '/api/clinic/templates', { templateId: 2 }),
      await call(colleague, 'DELETE', `/api/clinic/templates/${sharedId}`),
      await call(colleague, 'PUT', `/api/clinic/members/${colleague.id}`, { role: 'admin' }),
      await call(colleague, 'DELETE', `/api/clinic/members/${owner.id}`),
      await call(colleague, 'GET', '/api/clinic/audit'),
      await call(colleague, 'GET', '/api/clinic/audit.csv'),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual(Array(8).fill(403));
    const clinic = (await call(owner, 'GET', '/api/clinic')).json<{
      clinic: { members: { userId: string; role: string }[] };
    }>();
    expect(clinic.clinic.members.find((m) => m.userId === colleague.id)?.role).toBe('clinician');
  });

  it('a member of another clinic cannot see or touch this clinic', async () => {
    const theirs = await call(outsider, 'GET', '/api/clinic/templates');
    expect(theirs.json()).toEqual([]);
    expect(theirs.body).not.toContain('Harbour');
    const statuses = [
      await call(outsider, 'PUT', `/api/clinic/members/${colleague.id}`, { role: 'admin' }),
      await call(outsider, 'DELETE', `/api/clinic/members/${colleague.id}`),
      await call(outsider, 'DELETE', `/api/clinic/templates/${sharedId}`),
      await call(outsider, 'GET', `/api/topics/templateId/${sharedId}`),
    ].map((response) => response.statusCode);
    expect(statuses).toEqual([404, 404, 404, 404]);
    const audit = await call(outsider, 'GET', '/api/clinic/audit');
    expect(audit.statusCode).toBe(200);
    expect(audit.body).not.toContain(colleague.id);
    const outsiderSession = await newSession(outsider);
    expect((await saveNote(outsider, outsiderSession, sharedId, 1)).statusCode).toBe(400);
  });

  it('members see the shared templates, read-only, in every template list and use them', async () => {
    const shared = await call(colleague, 'GET', '/api/clinic/templates');
    expect(shared.json<{ name: string }[]>().map((t) => t.name)).toContain('Harbour Knee Review');
    expect((await call(colleague, 'GET', '/api/templates/')).json()).toContainEqual({
      id: sharedId,
      name: 'Harbour Knee Review',
    });
    const full = await call(colleague, 'GET', `/api/templates/user/${colleague.id}`);
    expect(full.json()).toContainEqual(expect.objectContaining({ id: sharedId, clinic: true }));
    expect((await call(colleague, 'GET', `/api/topics/templateId/${sharedId}`)).statusCode).toBe(
      200,
    );
    // Not editable through the own-templates routes.
    expect((await call(colleague, 'DELETE', `/api/templates/mine/${sharedId}`)).statusCode).toBe(
      404,
    );
    colleagueSessionId = await newSession(colleague);
    const saved = await saveNote(colleague, colleagueSessionId, sharedId, 1);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("the admin reads the members' events by session, member and action, paged and as CSV", async () => {
    const bySession = await call(owner, 'GET', `/api/clinic/audit?sessionId=${colleagueSessionId}`);
    expect(bySession.statusCode, bySession.body).toBe(200);
    const page = bySession.json<{ events: { kind: string; userId: string }[]; total: number }>();
    expect(page.events.map((event) => event.kind).sort()).toEqual(
      ['note.edited', 'session.created', 'session.saved'].sort(),
    );
    expect(page.events.every((event) => event.userId === colleague.id)).toBe(true);
    const byAction = await call(owner, 'GET', '/api/clinic/audit?kind=clinic.member_joined');
    expect(byAction.json()).toMatchObject({
      events: [{ userId: colleague.id, actorName: 'Colin Colleague', label: 'joined the clinic' }],
      total: 1,
    });
    const byMember = await call(owner, 'GET', `/api/clinic/audit?userId=${owner.id}`);
    const ownerKinds = byMember.json<{ events: { kind: string }[] }>().events.map((e) => e.kind);
    expect(ownerKinds).toEqual(
      expect.arrayContaining(['clinic.created', 'clinic.template_shared']),
    );
    const future = await call(owner, 'GET', '/api/clinic/audit?from=2999-01-01T00:00:00Z');
    expect(future.json()).toMatchObject({ events: [], total: 0 });
    expect((await call(owner, 'GET', '/api/clinic/audit?page=0')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/clinic/audit?kind=nope')).statusCode).toBe(400);
    const csv = await call(owner, 'GET', `/api/clinic/audit.csv?sessionId=${colleagueSessionId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"time","member","member id","action","target","session","address"');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"Colin Colleague","${colleague.id}"`);
    // A read or save of a session is about no one else: its target cell is empty.
    expect(lines[1]).toMatch(new RegExp(`"[a-z ]+","","${colleagueSessionId}"`));
  });

  it('roles: only an owner makes owners, and the last owner stays', async () => {
    const promoted = await call(owner, 'PUT', `/api/clinic/members/${colleague.id}`, {
      role: 'admin',
    });
    const members = promoted.json<{ members: { userId: string; role: string }[] }>().members;
    expect(members.find((member) => member.userId === colleague.id)?.role).toBe('admin');
    // Now an admin: may read the audit, may not make owners or demote the owner.
    expect((await call(colleague, 'GET', '/api/clinic/audit')).statusCode).toBe(200);
    expect(
      (await call(colleague, 'PUT', `/api/clinic/members/${colleague.id}`, { role: 'owner' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(colleague, 'PUT', `/api/clinic/members/${owner.id}`, { role: 'clinician' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(owner, 'PUT', `/api/clinic/members/${owner.id}`, { role: 'admin' })).statusCode,
    ).toBe(409);
    expect((await call(owner, 'DELETE', `/api/clinic/members/${owner.id}`)).statusCode).toBe(409);
    await call(owner, 'PUT', `/api/clinic/members/${colleague.id}`, { role: 'clinician' });
    expect((await call(colleague, 'GET', '/api/clinic/audit')).statusCode).toBe(403);
  });

  it('a removed member loses the shared templates at once and keeps their own session', async () => {
    const removed = await call(owner, 'DELETE', `/api/clinic/members/${colleague.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(colleague, 'GET', '/api/clinic')).json()).toEqual({ clinic: null });
    expect((await call(colleague, 'GET', '/api/clinic/templates')).statusCode).toBe(404);
    const names = (await call(colleague, 'GET', '/api/templates/')).json<{ id: number }[]>();
    expect(names.map((t) => t.id)).not.toContain(sharedId);
    expect((await call(colleague, 'GET', `/api/topics/templateId/${sharedId}`)).statusCode).toBe(
      404,
    );
    const fresh = await newSession(colleague);
    expect((await saveNote(colleague, fresh, sharedId, 1)).statusCode).toBe(400);
    // Their past session stays theirs, note and all, and can still be saved.
    const past = await call(colleague, 'GET', `/api/patient-sessions/${colleagueSessionId}`);
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain('Knee sore after a fall');
    expect((await saveNote(colleague, colleagueSessionId, sharedId, 2)).statusCode).toBe(200);
    // The clinic's audit still shows what they did while a member (docs/decisions/028), not
    // the save after their removal, and names them as the one removed.
    const audit = await call(owner, 'GET', `/api/clinic/audit?userId=${colleague.id}`);
    const kinds = audit.json<{ events: { kind: string }[] }>().events.map((e) => e.kind);
    expect(kinds.sort()).toEqual(
      ['clinic.member_joined', 'note.edited', 'session.created', 'session.saved'].sort(),
    );
    const removal = await call(owner, 'GET', '/api/clinic/audit?kind=clinic.member_removed');
    expect(removal.json()).toMatchObject({
      events: [
        {
          actorName: 'Olive Owner',
          targetUserId: colleague.id,
          target: 'Colin Colleague (clinician)',
        },
      ],
    });
  });

  it('stopping sharing a template used by a note archives it; the members lose it', async () => {
    const unshared = await call(owner, 'DELETE', `/api/clinic/templates/${sharedId}`);
    expect(unshared.json()).toEqual({ outcome: 'archived' });
    const gone = await call(owner, 'DELETE', `/api/clinic/templates/${sharedCatalogueId}`);
    expect(gone.json()).toEqual({ outcome: 'deleted' });
    expect((await call(owner, 'GET', '/api/clinic/templates')).json()).toEqual([]);
    // The owner's own template is untouched.
    expect((await call(owner, 'GET', `/api/templates/mine/${ownTemplateId}`)).statusCode).toBe(200);
  });
});
