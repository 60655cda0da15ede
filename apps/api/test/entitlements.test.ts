import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_TRIAL, LIMIT_MESSAGES } from '@clerkly/contracts';
import { patientSessions, usageCounters } from '../src/db/schema';
import { createUser, errorOf, injectAs, newSessionForm } from './helper';
import { useTestApp } from './use-test-app';

/**
 * The trial limits of spec point 9 at their exact edges, and under concurrency: the check and
 * the count are one step (issue 10), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const testApp = useTestApp();

type User = Awaited<ReturnType<typeof createUser>>;
const post = (user: User, url: string, payload: object) =>
  injectAs(testApp.app, user, 'POST', url, payload);
const newSession = newSessionForm();
const transcript =
  '[doctor] what brings you in today\n[patient] a sore throat for three days\n' +
  '[doctor] any fever\n[patient] no fever';

const createSession = async (user: User) => {
  const response = await post(user, '/api/patient-sessions/', newSession);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const generate = (user: User, sessionId: number, selectedTemplates: number[]) =>
  post(user, '/api/deepgram/notes-with-more-templates', {
    selectedTemplates,
    transcribedText: transcript,
    sessionId,
  });
const usageOf = async (user: User) =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: '/api/usage/',
      headers: { cookie: user.cookie },
    })
  ).json<{ isFreeTrial: boolean; sessions: number; notes: number }>();
const sessionsInDatabase = async (user: User) => {
  const [row] = await testApp.app.database.db
    .select({ n: count() })
    .from(patientSessions)
    .where(eq(patientSessions.userId, user.id));
  return row!.n;
};

describe('free-trial limits at their edges', () => {
  it('allows exactly 15 sessions, 45 notes and 4 templates per session', async () => {
    const user = await createUser(testApp.app);
    const sessionIds: number[] = [];
    for (let i = 0; i < FREE_TRIAL.sessions; i += 1) sessionIds.push(await createSession(user));
    const sixteenth = await post(user, '/api/patient-sessions/', newSession);
    expect(sixteenth.statusCode).toBe(403);
    expect(errorOf(sixteenth.body).message).toBe(LIMIT_MESSAGES.trialSessionsExhausted);
    expect(await sessionsInDatabase(user)).toBe(15);

    // 4 templates in one session, then a 5th one for that session is refused.
    expect((await generate(user, sessionIds[0]!, [1, 2])).statusCode).toBe(200);
    expect((await generate(user, sessionIds[0]!, [3, 4])).statusCode).toBe(200);
    const fifth = await generate(user, sessionIds[0]!, [5]);
    expect(fifth.statusCode).toBe(403);
    expect(errorOf(fifth.body).code).toBe('TRIAL_TEMPLATE_LIMIT');
    // Recording more regenerates the session's 4 templates: allowed, and the same 4 notes
    // (issue 26: rewriting a session's notes charged the trial again).
    expect((await generate(user, sessionIds[0]!, [1, 2, 3, 4])).statusCode).toBe(200);
    expect((await usageOf(user)).notes).toBe(4);

    // 4 + 10 × 4 = 44, then one more note reaches 45 exactly.
    for (let i = 1; i <= 10; i += 1) {
      expect((await generate(user, sessionIds[i]!, [1, 2, 3, 4])).statusCode).toBe(200);
    }
    const over = await generate(user, sessionIds[11]!, [1, 2]);
    expect(over.statusCode).toBe(403);
    expect(errorOf(over.body).message).toBe(LIMIT_MESSAGES.trialNotesExhausted);
    expect((await generate(user, sessionIds[11]!, [1])).statusCode).toBe(200);
    const fortySixth = await generate(user, sessionIds[12]!, [1]);
    expect(fortySixth.statusCode).toBe(403);
    expect(errorOf(fortySixth.body).message).toBe(LIMIT_MESSAGES.trialNotesExhausted);
    expect(await usageOf(user)).toEqual({
      isFreeTrial: true,
      sessions: 15,
      notes: 45,
      access: 'trial',
    });
    // About 30 requests in a row: slow on a loaded machine, not a hang.
  });
});

describe('concurrent requests by one trial user', () => {
  it('30 concurrent session creations end at exactly 15 sessions', async () => {
    const user = await createUser(testApp.app);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => post(user, '/api/patient-sessions/', newSession)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(15);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    for (const refused of responses.filter((r) => r.statusCode === 403)) {
      expect(errorOf(refused.body).message).toBe(LIMIT_MESSAGES.trialSessionsExhausted);
    }
    expect(await sessionsInDatabase(user)).toBe(15);
    expect((await usageOf(user)).sessions).toBe(15);
  });

  it('20 concurrent generations end at no more than 45 notes', async () => {
    const user = await createUser(testApp.app);
    const sessionIds: number[] = [];
    for (let i = 0; i < 15; i += 1) sessionIds.push(await createSession(user));
    // 15 × 3 + 5 × 1 = 50 notes asked for; a 4th template for 5 of the sessions is a new note.
    const asked = Array.from({ length: 20 }, (_, i) => (i < 15 ? [1, 2, 3] : [4]));
    const responses = await Promise.all(
      asked.map((templates, i) => generate(user, sessionIds[i % 15]!, templates)),
    );
    let counted = 0;
    responses.forEach((response, i) => {
      if (response.statusCode === 200) counted += asked[i]!.length;
      else expect(errorOf(response.body).message).toBe(LIMIT_MESSAGES.trialNotesExhausted);
    });
    expect(responses.some((response) => response.statusCode === 403)).toBe(true);
    const [counter] = await testApp.app.database.db
      .select()
      .from(usageCounters)
      .where(eq(usageCounters.userId, user.id));
    expect(counter?.notes).toBe(counted);
    expect(counted).toBeLessThanOrEqual(45);
    expect(counted).toBeGreaterThanOrEqual(43);
  });

  // Issue 26: the notes of one session and template count once, even when asked for together.
  it('5 concurrent generations of the same notes count them once', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await createSession(user);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => generate(user, sessionId, [1, 2])),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await usageOf(user)).notes).toBe(2);
  });
});
