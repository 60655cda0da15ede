/**
 * Issue 29 item 5: retention of a clinic's saved sessions, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL. Only the owner sets it; the clinic sees what the next run deletes; the daily job
 * deletes the members' saved sessions older than the setting with their notes and transcript,
 * keeps newer ones, other clinics' and non-members' sessions, and every audit event. The last
 * test runs it as the product does (docs/decisions/028): at 03:00 UTC pg-boss's clock monitor
 * reads the schedule row and sends the job, a worker of the app fetches it from the queue, and
 * the handler deletes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteExpiredClinicSessions } from '../src/modules/clinics/clinic-retention.job';
import { clinicFixture, queryRows } from './clinic-fixture';
import { createUser, type TestUser as User } from './helper';
import { useTestApp } from './use-test-app';

const testApp = useTestApp();
const { call, foundClinic, join, newSession } = clinicFixture(() => testApp.app);
let owner: User;
let admin: User;
let clinician: User;
let loner: User;
let otherOwner: User;

/** A saved session (a note and a transcript) created `daysAgo` days ago. */
async function savedSession(user: User, daysAgo: number) {
  const id = await newSession(user);
  const saved = await call(user, 'PATCH', `/api/patient-sessions/${id}`, {
    notes: [{ notesContent: '<p>Cough for a week</p>', patientSessionId: id, templateId: 1 }],
    duration: 30,
    transcribedText: 'I have had a cough for a week',
    baseVersion: 1,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await testApp.app.database.db.execute(
    sql`update patient_sessions set created_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`,
  );
  return id;
}

const exists = async (user: User, id: number) =>
  (await call(user, 'GET', `/api/patient-sessions/${id}`)).statusCode === 200;

const query = <Row>(statement: SQL) => queryRows<Row>(testApp.app.database, statement);

const rowsOf = async (table: string, id: number) => {
  const [row] = await query<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where session_id = ${id}`,
  );
  return row?.n;
};

type EventRow = { id: number; kind: string; user_id: string };

const runRetention = () =>
  deleteExpiredClinicSessions({ db: testApp.app.database.db, log: testApp.app.log });

beforeAll(async () => {
  owner = await createUser(testApp.app, { firstName: 'Ruth', lastName: 'Owner' });
  admin = await createUser(testApp.app, { firstName: 'Adam', lastName: 'Admin' });
  clinician = await createUser(testApp.app, { firstName: 'Cora', lastName: 'Clinician' });
  loner = await createUser(testApp.app, { firstName: 'Lone', lastName: 'Clinician' });
  otherOwner = await createUser(testApp.app, { firstName: 'Otto', lastName: 'Other' });
  await foundClinic(owner, 'Retention Clinic');
  await foundClinic(otherOwner, 'Keep Clinic');
  await join(owner, admin, 'admin');
  await join(owner, clinician, 'clinician');
});

describe('clinic retention', () => {
  it('keeps sessions forever until an owner changes it; admins, clinicians and outsiders cannot', async () => {
    const initial = await call(owner, 'GET', '/api/clinic/retention');
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toEqual({ retention: 'forever', dueCount: 0, oldestDueAt: null });
    // Admins see it; only owners change it.
    expect((await call(admin, 'GET', '/api/clinic/retention')).statusCode).toBe(200);
    const statuses = [
      await call(admin, 'PUT', '/api/clinic/retention', { retention: '30d' }),
      await call(clinician, 'PUT', '/api/clinic/retention', { retention: '30d' }),
      await call(clinician, 'GET', '/api/clinic/retention'),
      await call(loner, 'PUT', '/api/clinic/retention', { retention: '30d' }),
      await call(loner, 'GET', '/api/clinic/retention'),
      await call(owner, 'PUT', '/api/clinic/retention', { retention: '3 weeks' }),
      await call(owner, 'PUT', '/api/clinic/retention', {}),
    ].map((response) => response.statusCode);
    expect(statuses).toEqual([403, 403, 403, 404, 404, 400, 400]);
    expect((await call(owner, 'GET', '/api/clinic/retention')).json()).toMatchObject({
      retention: 'forever',
    });
  });

  it('deletes the members’ saved sessions older than the setting, and nothing else', async () => {
    const ownerOld = await savedSession(owner, 40);
    const clinicianOld = await savedSession(clinician, 400);
    const clinicianNew = await savedSession(clinician, 10);
    const lonerOld = await savedSession(loner, 400);
    const otherClinicOld = await savedSession(otherOwner, 400);
    // Opened before it expires: that read is an audit event too.
    expect(await exists(clinician, clinicianOld)).toBe(true);

    // Nothing is deleted while the clinic keeps sessions forever.
    expect(await runRetention()).toBe(0);
    expect(await exists(owner, ownerOld)).toBe(true);

    const changed = await call(owner, 'PUT', '/api/clinic/retention', { retention: '30d' });
    expect(changed.statusCode, changed.body).toBe(200);
    const status = changed.json<{ dueCount: number; oldestDueAt: string }>();
    expect(status.dueCount).toBe(2);
    const oldest = Date.now() - 400 * 86_400_000;
    expect(Math.abs(new Date(status.oldestDueAt).getTime() - oldest)).toBeLessThan(3_600_000);
    const changes = await call(owner, 'GET', '/api/clinic/audit?kind=clinic.retention_changed');
    expect(changes.json()).toMatchObject({ total: 1, events: [{ userId: owner.id }] });

    const eventsBefore = await query<EventRow>(
      sql`select id, kind, user_id from audit_events where session_id in (${ownerOld}, ${clinicianOld}) order by id`,
    );
    expect(eventsBefore.length).toBeGreaterThanOrEqual(4);
    expect(await runRetention()).toBe(2);
    expect(await exists(owner, ownerOld)).toBe(false);
    expect(await exists(clinician, clinicianOld)).toBe(false);
    for (const table of ['session_notes', 'session_versions', 'session_transcript_history']) {
      expect(await rowsOf(table, clinicianOld), table).toBe(0);
    }
    expect(await exists(clinician, clinicianNew)).toBe(true);
    expect(await exists(loner, lonerOld)).toBe(true);
    expect(await exists(otherOwner, otherClinicOld)).toBe(true);

    // Every earlier event stays, and the deletion itself is one, in the session owner's name.
    const eventsAfter = await query<EventRow>(
      sql`select id, kind, user_id from audit_events where session_id in (${ownerOld}, ${clinicianOld}) order by id`,
    );
    expect(eventsAfter.slice(0, eventsBefore.length)).toEqual(eventsBefore);
    const expired = eventsAfter.slice(eventsBefore.length);
    expect(expired.map((row) => row.kind)).toEqual(['session.expired', 'session.expired']);
    expect(expired.map((row) => row.user_id).sort()).toEqual([owner.id, clinician.id].sort());
    const byClinic = await call(admin, 'GET', `/api/clinic/audit?sessionId=${clinicianOld}`);
    expect(byClinic.json<{ events: { kind: string }[] }>().events.map((e) => e.kind)).toContain(
      'session.expired',
    );

    // Nothing is due any more, and a second run deletes nothing.
    expect((await call(owner, 'GET', '/api/clinic/retention')).json()).toEqual({
      retention: '30d',
      dueCount: 0,
      oldestDueAt: null,
    });
    expect(await runRetention()).toBe(0);
  });

  it('runs daily on pg-boss’s schedule', async () => {
    const schedules = await query<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = 'clinic-retention'`,
    );
    expect(schedules).toEqual([{ cron: '0 3 * * *', timezone: 'UTC' }]);
  });
});

/** The next 03:00 UTC after `now`: when pg-boss sends the job of `0 3 * * *`. */
function nextDailyRun(now: Date): Date {
  const run = new Date(now);
  run.setUTCHours(3, 0, 0, 0);
  if (run.getTime() <= now.getTime()) run.setUTCDate(run.getUTCDate() + 1);
  return run;
}

type JobRow = { state: string; singleton_key: string | null };

describe('the daily run, as the product runs it', () => {
  // Last in the file on purpose: when the clock goes back to the present, pg-boss's workers that
  // measured a poll across the change wait out the difference; the app closes right after.
  it('goes from pg-boss’s schedule row through the queue to the deletion at 03:00 UTC', async () => {
    expect((await call(owner, 'GET', '/api/clinic/retention')).json()).toMatchObject({
      retention: '30d',
    });
    const expiring = await savedSession(clinician, 400);
    const recent = await savedSession(clinician, 10);
    const outsider = await savedSession(loner, 400);
    expect(await exists(clinician, expiring)).toBe(true);
    const eventsBefore = await query<EventRow>(
      sql`select id, kind, user_id from audit_events where session_id = ${expiring} order by id`,
    );
    expect(eventsBefore.length).toBeGreaterThanOrEqual(3);
    expect(
      await query<JobRow>(sql`select state from pgboss.job where name = 'clinic-retention'`),
    ).toEqual([]);

    // The app's clock (pg-boss reads the time of day from it, as cron does) stands at one second
    // past the next 03:00 UTC; the database's clock, which decides what has expired, is real.
    vi.useFakeTimers({ toFake: ['Date'], now: nextDailyRun(new Date()).getTime() + 1000 });
    try {
      // As if no process had looked at the schedules for a while: pg-boss's clock monitor (every
      // 30 s in each process) checks them at its next tick instead of being debounced once more.
      await testApp.app.database.db.execute(sql`update pgboss.version set cron_on = null`);
      await vi.waitFor(
        async () => {
          const jobs = await query<JobRow>(
            sql`select state, singleton_key from pgboss.job where name = 'clinic-retention'`,
          );
          expect(jobs).toEqual([{ state: 'completed', singleton_key: 'clinic-retention' }]);
        },
        // Waits for pg-boss's ticks (≤ 30 s, then 5 s and a poll); the bound is a hang detector.
        { timeout: 240_000, interval: 250 },
      );
    } finally {
      vi.useRealTimers();
    }

    // The schedule's tick went through pg-boss's own send queue, once.
    const sends = await query<{ state: string }>(
      sql`select state from pgboss.job where name = '__pgboss__send-it' and data->>'name' = 'clinic-retention'`,
    );
    expect(sends).toEqual([{ state: 'completed' }]);
    expect(await exists(clinician, expiring)).toBe(false);
    expect(await rowsOf('session_notes', expiring)).toBe(0);
    expect(await exists(clinician, recent)).toBe(true);
    expect(await exists(loner, outsider)).toBe(true);
    const eventsAfter = await query<EventRow>(
      sql`select id, kind, user_id from audit_events where session_id = ${expiring} order by id`,
    );
    expect(eventsAfter.slice(0, eventsBefore.length)).toEqual(eventsBefore);
    expect(eventsAfter.slice(eventsBefore.length)).toEqual([
      expect.objectContaining({ kind: 'session.expired', user_id: clinician.id }),
    ]);
  });
});
