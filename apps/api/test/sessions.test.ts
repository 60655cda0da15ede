import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LIMIT_MESSAGES,
  VALIDATION_MESSAGES,
  patientSessionSchema,
  unfilledFieldsMessage,
} from '@clerkly/contracts';
import { patientSessions, subscriptions, users } from '../src/db/schema';
import { createUser, errorOf, injectAs, newSessionForm as newSession } from './helper';
import { useTestApp } from './use-test-app';

const testApp = useTestApp();

type User = Awaited<ReturnType<typeof createUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(testApp.app, user, method, url, payload);

describe('creating a patient session', () => {
  it('creates a session with an id and the patient name as entered', async () => {
    const user = await createUser(testApp.app);
    const response = await call(user, 'POST', '/api/patient-sessions/', newSession());
    expect(response.statusCode).toBe(201);
    const session = patientSessionSchema.parse(response.json());
    expect(session.id).toBeGreaterThan(0);
    expect(session).toMatchObject({
      firstName: 'Jane Citizen',
      appointmentTypeId: 1,
      dateOfBirth: '2000-01-01',
    });
  });

  it('keeps the patient name encrypted at rest', async () => {
    const user = await createUser(testApp.app);
    const { id } = (
      await call(user, 'POST', '/api/patient-sessions/', newSession({ firstName: 'Zebedee Quux' }))
    ).json<{ id: number }>();
    const [row] = await testApp.app.database.db
      .select()
      .from(patientSessions)
      .where(eq(patientSessions.id, id));
    expect(row!.firstNameSealed).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain('Zebedee');
  });

  it.each([
    [{ firstName: '  ' }, 'firstName', VALIDATION_MESSAGES.patientNameRequired],
    [{ patientConsent: false }, 'patientConsent', VALIDATION_MESSAGES.consentRequired],
    [{ appointmentTypeId: 'x' }, 'appointmentTypeId', VALIDATION_MESSAGES.appointmentTypeRequired],
    [{ appointmentTypeId: 9999 }, 'appointmentTypeId', VALIDATION_MESSAGES.appointmentTypeRequired],
  ])('refuses %j with the spec message on %s', async (overrides, field, message) => {
    const user = await createUser(testApp.app);
    const response = await call(user, 'POST', '/api/patient-sessions/', newSession(overrides));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).fields?.[field]).toBe(message);
  });

  it('refuses without a session cookie', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/patient-sessions/',
      payload: newSession(),
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets a free-trial user create 15 sessions and refuses the 16th', async () => {
    const user = await createUser(testApp.app);
    for (let i = 0; i < 15; i += 1) {
      expect((await call(user, 'POST', '/api/patient-sessions/', newSession())).statusCode).toBe(
        201,
      );
    }
    const sixteenth = await call(user, 'POST', '/api/patient-sessions/', newSession());
    expect(sixteenth.statusCode).toBe(403);
    expect(errorOf(sixteenth.body).message).toBe(LIMIT_MESSAGES.trialSessionsExhausted);
    const usage = await call(user, 'GET', '/api/usage/');
    expect(usage.json()).toEqual({ isFreeTrial: true, sessions: 15, notes: 0, access: 'trial' });
  });

  it('refuses a user who is neither on trial nor paying, until they subscribe', async () => {
    const user = await createUser(testApp.app);
    const { db } = testApp.app.database;
    await db.update(users).set({ isTrial: false }).where(eq(users.id, user.id));
    const refused = await call(user, 'POST', '/api/patient-sessions/', newSession());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.body).message).toBe(LIMIT_MESSAGES.upgradeToCreateSessions);

    await db
      .insert(subscriptions)
      .values({ id: `sub_${user.id}`, userId: user.id, status: 'active' });
    expect((await call(user, 'POST', '/api/patient-sessions/', newSession())).statusCode).toBe(201);
    expect((await call(user, 'GET', '/api/usage/')).json()).toMatchObject({ isFreeTrial: false });
  });
});

describe('saving a session and reading saved notes', () => {
  it('saves notes and lists them for their owner only, filtered by date', async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const session = (
      await call(owner, 'POST', '/api/patient-sessions/', newSession({ firstName: 'Pat Example' }))
    ).json<{ id: number }>();

    const save = await call(owner, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: [
        { notesContent: '<h2>Plan</h2><p>Rest.</p>', patientSessionId: session.id, templateId: 1 },
        { notesContent: 'Certificate text', patientSessionId: session.id, templateId: 2 },
      ],
      duration: 61,
      transcribedText: '[doctor] how are you [patient] fine',
      baseVersion: 1,
    });
    expect(save.statusCode).toBe(200);

    const list = await call(owner, 'GET', `/api/notes/user/${owner.id}`);
    expect(list.statusCode).toBe(200);
    const notes = list.json<{ firstName: string; TemplateName: string; notesContent: string }[]>();
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({
      firstName: 'Pat Example',
      notesContent: '<h2>Plan</h2><p>Rest.</p>',
    });
    expect(notes[0]!.TemplateName).toBeTruthy();

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect((await call(owner, 'GET', `/api/notes/user/${owner.id}?from=${future}`)).json()).toEqual(
      [],
    );
    expect(
      (await call(owner, 'GET', `/api/notes/user/${owner.id}?from=${past}&to=${future}`)).json(),
    ).toHaveLength(2);
    const badRange = await call(
      owner,
      'GET',
      `/api/notes/user/${owner.id}?from=${future}&to=${past}`,
    );
    expect(badRange.statusCode).toBe(400);
    expect(
      (await call(owner, 'GET', `/api/notes/user/${owner.id}?from=yesterday`)).statusCode,
    ).toBe(400);

    // Another clinician can neither read nor change them.
    expect((await call(other, 'GET', `/api/notes/user/${owner.id}`)).statusCode).toBe(403);
    const hijack = await call(other, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: [],
      duration: 1,
      transcribedText: '',
      baseVersion: 1,
    });
    expect(hijack.statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/notes/user/${other.id}`)).json()).toEqual([]);
  });

  it('refuses notes that point at another session or an unknown template', async () => {
    const user = await createUser(testApp.app);
    const session = (await call(user, 'POST', '/api/patient-sessions/', newSession())).json<{
      id: number;
    }>();
    const wrongSession = await call(user, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: [{ notesContent: 'x', patientSessionId: session.id + 1000, templateId: 1 }],
      duration: 1,
      transcribedText: '',
      baseVersion: 1,
    });
    expect(wrongSession.statusCode).toBe(400);
    expect(errorOf(wrongSession.body).fields).toHaveProperty(['notes.0.patientSessionId']);
    const unknownTemplate = await call(user, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: [{ notesContent: 'x', patientSessionId: session.id, templateId: 99999 }],
      duration: 1,
      transcribedText: '',
      baseVersion: 1,
    });
    expect(unknownTemplate.statusCode).toBe(400);
    const badDuration = await call(user, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: [],
      duration: 'long',
      transcribedText: '',
      baseVersion: 1,
    });
    expect(badDuration.statusCode).toBe(400);
    expect(errorOf(badDuration.body).fields).toHaveProperty('duration');
  });
});

describe('saving a note that still holds a placeholder (issue 21)', () => {
  it('is refused with the fields to fill, and nothing is saved', async () => {
    const user = await createUser(testApp.app);
    const session = (await call(user, 'POST', '/api/patient-sessions/', newSession())).json<{
      id: number;
    }>();
    const certificate =
      '<h2>Medical Condition</h2><p>[not stated]</p><h2>Period of Incapacity</h2><p>From [not stated] to [not stated] inclusive.</p>';
    const refused = await call(user, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: [{ notesContent: certificate, patientSessionId: session.id, templateId: 1 }],
      duration: 30,
      transcribedText: 'rest and crutches for one week',
      baseVersion: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body).fields?.['notes.0.notesContent']).toBe(
      unfilledFieldsMessage(['Medical Condition', 'Period of Incapacity']),
    );
    const detail = await call(user, 'GET', `/api/patient-sessions/${session.id}`);
    expect(detail.json()).toMatchObject({ version: 1, savedAt: null });

    const filled = certificate
      .replace('<p>[not stated]</p>', '<p>A medical condition.</p>')
      .replace('From [not stated] to [not stated]', 'From 3 March 2025 to 9 March 2025');
    const saved = await call(user, 'PATCH', `/api/patient-sessions/${session.id}`, {
      notes: [{ notesContent: filled, patientSessionId: session.id, templateId: 1 }],
      duration: 30,
      transcribedText: 'rest and crutches for one week',
      baseVersion: 1,
    });
    expect(saved.statusCode).toBe(200);
  });
});
