/**
 * Issue 23, finding 4: the audit trail. Every read and change of a patient session and every
 * identity change leaves one append-only event (who, which session, what, when, from where; ids
 * only), written in the same transaction as the change. Runs on PGlite and on PostgreSQL.
 */
import {
  AUDIT_EVENT_KINDS,
  CLIENT_AUDIT_EVENTS_PER_MINUTE,
  sessionActivitySchema,
  type SessionActivity,
} from '@clerkly/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { ORIGIN, createSession, createUser } from './helper';
import { useTestApp } from './use-test-app';

type User = Awaited<ReturnType<typeof createUser>>;

const testApp = useTestApp();

const PATIENT = 'Zebedee Auditworth';
const TRANSCRIPT = 'I have had a sore throat for three days and I am allergic to penicillin.';
const EDITED_NOTE = '<p>Sore throat for three days; penicillin allergy. Edited by hand.</p>';

const headersOf = (user: User) => ({ cookie: user.cookie, origin: ORIGIN });

const newSession = (user: User, address: string) =>
  createSession(testApp.app, user, PATIENT, { remoteAddress: address });

async function activityOf(user: User, sessionId: number): Promise<SessionActivity> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/patient-sessions/${sessionId}/activity`,
    headers: headersOf(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionActivitySchema.parse(response.json());
}

const rowsOf = (sessionId: number) =>
  testApp.app.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.sessionId, sessionId))
    .orderBy(asc(auditEvents.id));

const save = (user: User, sessionId: number, baseVersion: number, content = EDITED_NOTE) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/patient-sessions/${sessionId}`,
    headers: headersOf(user),
    remoteAddress: '198.51.100.7',
    payload: {
      notes: [{ notesContent: content, patientSessionId: sessionId, templateId: 1 }],
      duration: 30,
      transcribedText: TRANSCRIPT,
      baseVersion,
    },
  });

describe('a saved session’s Activity', () => {
  it('shows who opened, generated, edited, saved and copied it, when and from where', async () => {
    const user = await createUser(testApp.app, { firstName: 'Audra', lastName: 'Trailsby' });
    const sessionId = await newSession(user, '198.51.100.7');

    const generated = await testApp.app.inject({
      method: 'POST',
      url: '/api/deepgram/notes-with-more-templates',
      headers: headersOf(user),
      remoteAddress: '198.51.100.7',
      payload: { selectedTemplates: [1], transcribedText: TRANSCRIPT, sessionId },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const saved = await save(user, sessionId, 1);
    expect(saved.statusCode, saved.body).toBe(200);
    const opened = await testApp.app.inject({
      method: 'GET',
      url: `/api/patient-sessions/${sessionId}`,
      headers: headersOf(user),
      remoteAddress: '203.0.113.9',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const copied = await testApp.app.inject({
      method: 'POST',
      url: `/api/patient-sessions/${sessionId}/activity`,
      headers: headersOf(user),
      remoteAddress: '203.0.113.9',
      payload: { kind: 'note.copied', templateId: 1 },
    });
    expect(copied.statusCode, copied.body).toBe(204);

    const activity = await activityOf(user, sessionId);
    expect(activity.events.map((event) => event.kind)).toEqual([
      'session.created',
      'notes.generated',
      'note.edited',
      'session.saved',
      'session.opened',
      'note.copied',
    ]);
    for (const event of activity.events) {
      expect(event.actorName).toBe('Audra Trailsby');
      expect(Date.now() - Date.parse(event.at)).toBeLessThan(60_000);
    }
    const byKind = new Map(activity.events.map((event) => [event.kind, event]));
    expect(byKind.get('session.saved')).toMatchObject({ address: '198.51.100.7', version: 2 });
    expect(byKind.get('note.copied')!.address).toBe('203.0.113.9');
    expect(byKind.get('session.opened')!.address).toBe('203.0.113.9');
    expect(byKind.get('note.edited')!.templateNames).toHaveLength(1);
    expect(byKind.get('note.copied')!.templateNames).toEqual(
      byKind.get('note.edited')!.templateNames,
    );

    // Ids only: nothing the clinician or the patient typed is in the trail.
    const stored = JSON.stringify(await rowsOf(sessionId));
    for (const text of ['Zebedee', 'Auditworth', 'sore throat', 'penicillin', user.email]) {
      expect(stored).not.toContain(text);
    }
    expect(JSON.stringify(activity)).not.toContain('Zebedee');
  });

  it('does not call a save of the generated text unchanged an edit', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user, '198.51.100.8');
    const generated = await testApp.app.inject({
      method: 'POST',
      url: '/api/deepgram/notes-with-more-templates',
      headers: headersOf(user),
      payload: { selectedTemplates: [1], transcribedText: TRANSCRIPT, sessionId },
    });
    const output = generated.json<{ outputs: { output: string }[] }>().outputs[0]!.output;
    expect((await save(user, sessionId, 1, output)).statusCode).toBe(200);
    const kinds = (await activityOf(user, sessionId)).events.map((event) => event.kind);
    expect(kinds).toEqual(['session.created', 'notes.generated', 'session.saved']);
  });

  it('records the live transcript and repeated opens once per few minutes, not per poll', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user, '198.51.100.9');
    for (let poll = 0; poll < 3; poll += 1) {
      for (const url of [
        `/api/patient-sessions/${sessionId}/transcript`,
        `/api/patient-sessions/${sessionId}`,
      ]) {
        const response = await testApp.app.inject({ url, headers: headersOf(user) });
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    const kinds = (await activityOf(user, sessionId)).events.map((event) => event.kind);
    expect(kinds).toEqual(['session.created', 'transcript.read', 'session.opened']);
  });

  it('is its owner’s only: another clinician gets 404 and can add nothing to it', async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const sessionId = await newSession(owner, '198.51.100.10');
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/patient-sessions/${sessionId}/activity`,
      headers: headersOf(other),
    });
    expect(read.statusCode).toBe(404);
    const write = await testApp.app.inject({
      method: 'POST',
      url: `/api/patient-sessions/${sessionId}/activity`,
      headers: headersOf(other),
      payload: { kind: 'note.copied', templateId: 1 },
    });
    expect(write.statusCode).toBe(404);
    expect((await rowsOf(sessionId)).map((row) => row.kind)).toEqual(['session.created']);
  });
});

describe('events and their changes', () => {
  it('writes no event for a save that fails inside its transaction, and no change either', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user, '198.51.100.11');
    const { db } = testApp.app.database;
    // The notes are written after the save's events, in the same transaction: make that fail.
    await db.execute(
      sql.raw(`create function test_refuse_note() returns trigger language plpgsql as $$
        begin raise exception 'note write refused by the test'; end; $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_refuse_note before insert or update on session_notes
        for each row when (new.session_id = ${sessionId}) execute function test_refuse_note()`),
    );
    try {
      const failed = await save(user, sessionId, 1);
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger test_refuse_note on session_notes'));
      await db.execute(sql.raw('drop function test_refuse_note()'));
    }
    expect((await rowsOf(sessionId)).map((row) => row.kind)).toEqual(['session.created']);

    // A stale save (409) leaves none either; the next good save leaves exactly its own.
    expect((await save(user, sessionId, 7)).statusCode).toBe(409);
    expect((await save(user, sessionId, 1)).statusCode).toBe(200);
    expect((await rowsOf(sessionId)).map((row) => row.kind)).toEqual([
      'session.created',
      'note.edited',
      'session.saved',
    ]);
  });

  it('cannot be changed, deleted or truncated, even by the app’s own database connection', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user, '198.51.100.12');
    const { db } = testApp.app.database;
    const attempts = [
      () =>
        db
          .update(auditEvents)
          .set({ kind: 'session.opened' })
          .where(eq(auditEvents.sessionId, sessionId)),
      () => db.delete(auditEvents).where(eq(auditEvents.sessionId, sessionId)),
      () => db.execute(sql`truncate audit_events`),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toThrow();
    }
    expect((await rowsOf(sessionId)).map((row) => row.kind)).toEqual(['session.created']);
    // And no route changes or deletes one: the app serves only GET and POST on the trail.
    const trailRoutes = testApp.app.routeTable
      .filter((route) => route.url.includes('/activity'))
      .map((route) => route.method)
      .sort();
    expect(trailRoutes).toEqual(['GET', 'POST']);
  });
});

describe('events reported by the browser', () => {
  it('accepts only a copy or an export of one of the session’s notes', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user, '198.51.100.13');
    expect((await save(user, sessionId, 1)).statusCode).toBe(200);
    const post = (payload: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/patient-sessions/${sessionId}/activity`,
        headers: headersOf(user),
        payload: payload as object,
      });
    for (const bad of [
      { kind: 'session.saved', templateId: 1 },
      { kind: 'note.copied' },
      { kind: 'note.copied', templateId: 1, note: 'patient text' },
      { kind: 'note.copied', templateId: 2 },
      { kind: 'note.copied', templateId: 2_147_483_648 },
    ]) {
      const response = await post(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await post({ kind: 'note.exported', templateId: 1 })).statusCode).toBe(204);
    expect((await rowsOf(sessionId)).map((row) => row.kind)).toEqual([
      'session.created',
      'note.edited',
      'session.saved',
      'note.exported',
    ]);
  });

  it(`takes at most ${CLIENT_AUDIT_EVENTS_PER_MINUTE} a minute from one clinician`, async () => {
    const user = await createUser(testApp.app);
    const sessionId = await newSession(user, '198.51.100.14');
    expect((await save(user, sessionId, 1)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index <= CLIENT_AUDIT_EVENTS_PER_MINUTE; index += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/patient-sessions/${sessionId}/activity`,
        headers: headersOf(user),
        // Another address each time: the bound is the clinician's, not the address's.
        remoteAddress: `192.0.2.${1 + (index % 250)}`,
        payload: { kind: 'note.copied', templateId: 1 },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(
      CLIENT_AUDIT_EVENTS_PER_MINUTE,
    );
    expect(statuses.at(-1)).toBe(429);
    const copies = (await rowsOf(sessionId)).filter((row) => row.kind === 'note.copied');
    expect(copies).toHaveLength(CLIENT_AUDIT_EVENTS_PER_MINUTE);
  });
});

describe('identity events', () => {
  it('records sign-in, failed sign-in, password change and sign-out with the user’s id only', async () => {
    const user = await createUser(testApp.app);
    const address = '203.0.113.50';
    const signIn = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        remoteAddress: address,
        payload: { email: user.email, password },
      });
    expect((await signIn('Wrong$ecret1')).statusCode).toBe(401);
    const signedIn = await signIn(user.password);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.headers['set-cookie'];
    const cookieHeader = (Array.isArray(cookie) ? cookie : [cookie!])
      .map((value) => value.split(';')[0])
      .join('; ');
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: ORIGIN, cookie: cookieHeader },
      remoteAddress: address,
      payload: { currentPassword: user.password, newPassword: 'N3w$ecret!!x' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const signedOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ORIGIN, cookie: cookieHeader },
      remoteAddress: address,
      payload: {},
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    // A failed sign-in for an address with no account is recorded without anyone's id.
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: address,
      payload: { email: 'nobody.here@example.test', password: 'Wrong$ecret1' },
    });
    expect(unknown.statusCode).toBe(401);

    const rows = await testApp.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.address, address))
      .orderBy(asc(auditEvents.id));
    expect(rows.map((row) => [row.kind, row.userId])).toEqual([
      ['auth.sign_in_failed', user.id],
      ['auth.signed_in', user.id],
      ['auth.password_changed', user.id],
      ['auth.signed_out', user.id],
      ['auth.sign_in_failed', null],
    ]);
    // Confirming the address at sign-up signed the account in too (from another address).
    const signIns = await testApp.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, user.id));
    expect(signIns.filter((row) => row.kind === 'auth.signed_in')).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(user.email);
    expect(stored).not.toContain('nobody.here');
    expect(rows.every((row) => AUDIT_EVENT_KINDS.includes(row.kind as never))).toBe(true);
  });
});
