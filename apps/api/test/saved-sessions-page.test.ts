import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  SAVED_SESSIONS_PAGE,
  apiErrorSchema,
  savedSessionsPageSchema,
  type SavedSessionsPage,
} from '@clerkly/contracts';
import { patientSessions } from '../src/db/schema';
import { createUser, injectAs } from './helper';
import { useTestApp } from './use-test-app';

// Issue 13: GET /api/notes/user/{id}/page, My Sessions' paged list (docs/decisions/009).
const testApp = useTestApp({ usageLimits: false });

type User = Awaited<ReturnType<typeof createUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(testApp.app, user, method, url, payload);

/** A session saved with notes of the given templates, created at `createdAt` (SQL text). */
async function savedSession(user: User, name: string, createdAt: string, templateIds = [1]) {
  const { id } = (
    await call(user, 'POST', '/api/patient-sessions/', {
      firstName: name,
      appointmentTypeId: 1,
      patientConsent: true,
    })
  ).json<{ id: number }>();
  const saved = await call(user, 'PATCH', `/api/patient-sessions/${id}`, {
    notes: templateIds.map((templateId) => ({
      notesContent: `<p>${name}, template ${templateId}</p>`,
      patientSessionId: id,
      templateId,
    })),
    duration: 30,
    transcribedText: '',
    baseVersion: 1,
  });
  expect(saved.statusCode).toBe(200);
  await testApp.app.database.db
    .update(patientSessions)
    .set({ createdAt: sql`${createdAt}::timestamptz` })
    .where(eq(patientSessions.id, id));
  return id;
}

async function page(user: User, query = '') {
  const response = await call(user, 'GET', `/api/notes/user/${user.id}/page${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return savedSessionsPageSchema.strict().parse(response.json());
}

/** Every page from the first, following nextCursor. */
async function allPages(user: User, query: string) {
  const pages: SavedSessionsPage[] = [];
  let cursor: string | null = null;
  do {
    const next: SavedSessionsPage = await page(
      user,
      `?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('the saved sessions page', () => {
  it('lists saved sessions newest first, stable across pages when timestamps are equal', async () => {
    const user = await createUser(testApp.app);
    const same = '2025-03-04 10:00:00.123456+00';
    const ids = {
      oldest: await savedSession(user, 'Ann Lee', '2025-03-01 09:00:00+00'),
      tie1: await savedSession(user, 'Ben Ode', same),
      tie2: await savedSession(user, 'Cat Poe', same),
      tie3: await savedSession(user, 'Dan Roe', same),
      // A microsecond later than the tie: a cursor in milliseconds would lose it.
      justAfter: await savedSession(user, 'Eve Sun', '2025-03-04 10:00:00.123457+00'),
      newest: await savedSession(user, 'Fay Tam', '2025-03-09 16:30:00+00'),
    };

    const pages = await allPages(user, 'limit=2');

    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.items.map((item) => item.sessionId))).toEqual([
      ids.newest,
      ids.justAfter,
      ids.tie3,
      ids.tie2,
      ids.tie1,
      ids.oldest,
    ]);
    const whole = await page(user, '?limit=10');
    expect(whole.nextCursor).toBeNull();
    expect(whole.items.map((item) => item.firstName)).toEqual([
      'Fay Tam',
      'Eve Sun',
      'Dan Roe',
      'Cat Poe',
      'Ben Ode',
      'Ann Lee',
    ]);
  });

  it('carries only what the list shows: no note text, no unsaved session', async () => {
    const user = await createUser(testApp.app);
    const id = await savedSession(user, 'Gil Uhl', '2025-05-01 08:00:00+00', [2, 1]);
    // Created but never saved: a draft, not a saved session.
    await call(user, 'POST', '/api/patient-sessions/', {
      firstName: 'Draft Only',
      appointmentTypeId: 1,
      patientConsent: true,
    });

    const response = await call(user, 'GET', `/api/notes/user/${user.id}/page`);
    const body = response.json<SavedSessionsPage>();

    expect(body.items).toHaveLength(1);
    const [item] = body.items;
    expect(Object.keys(item!).sort()).toEqual(['createdAt', 'firstName', 'notes', 'sessionId']);
    expect(item).toMatchObject({
      sessionId: id,
      firstName: 'Gil Uhl',
      createdAt: '2025-05-01T08:00:00.000Z',
    });
    expect(item!.notes.map((note) => Object.keys(note).sort())).toEqual([
      ['TemplateName', 'id', 'templateId'],
      ['TemplateName', 'id', 'templateId'],
    ]);
    expect(item!.notes.map((note) => note.templateId)).toEqual([1, 2]);
    expect(response.body).not.toContain('template 1</p>');
    // The note text is there on demand, from the one-session endpoint.
    const detail = await call(user, 'GET', `/api/patient-sessions/${id}`);
    expect(detail.json<{ notes: { content: string }[] }>().notes[0]?.content).toBe(
      '<p>Gil Uhl, template 1</p>',
    );
  });

  it('applies from and to in the query, including across pages', async () => {
    const user = await createUser(testApp.app);
    await savedSession(user, 'Before', '2025-02-28 23:59:59.999+00');
    const first = await savedSession(user, 'First Day', '2025-03-01 00:00:00+00');
    const middle = await savedSession(user, 'Middle', '2025-03-03 12:00:00+00');
    const last = await savedSession(user, 'Last Day', '2025-03-05 23:59:59.999+00');
    await savedSession(user, 'After', '2025-03-06 00:00:00+00');

    const range = `from=${encodeURIComponent('2025-03-01T00:00:00.000Z')}&to=${encodeURIComponent(
      '2025-03-05T23:59:59.999Z',
    )}`;
    const pages = await allPages(user, `${range}&limit=1`);

    expect(pages.flatMap((p) => p.items.map((item) => item.sessionId))).toEqual([
      last,
      middle,
      first,
    ]);
    expect((await page(user, `?from=${encodeURIComponent('2030-01-01T00:00:00Z')}`)).items).toEqual(
      [],
    );
  });

  it('uses the default page size and says when nothing follows', async () => {
    const user = await createUser(testApp.app);
    const empty = await page(user);
    expect(empty).toEqual({ items: [], nextCursor: null });
    for (let i = 0; i <= SAVED_SESSIONS_PAGE.defaultLimit; i += 1) {
      await savedSession(user, `Patient ${i}`, `2025-01-01 08:00:00+00`);
    }
    const first = await page(user);
    expect(first.items).toHaveLength(SAVED_SESSIONS_PAGE.defaultLimit);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(user, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it("is its owner's only: another user gets 403, nobody signed in 401", async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    await savedSession(owner, 'Private Patient', '2025-04-01 10:00:00+00');

    const stranger = await call(other, 'GET', `/api/notes/user/${owner.id}/page`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Private Patient');
    expect((await page(other)).items).toEqual([]);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/notes/user/${owner.id}/page`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['cursor=abc', 'cursor', 'cursor must be the nextCursor of an earlier page'],
    [
      'cursor=2025-03-04T10%3A00%3A00Z_0',
      'cursor',
      'cursor must be the nextCursor of an earlier page',
    ],
    [
      'cursor=2025-03-04T10%3A00%3A00Z_9999999999',
      'cursor',
      'cursor must be the nextCursor of an earlier page',
    ],
    [
      'cursor=0999-03-04T10%3A00%3A00Z_1',
      'cursor',
      'cursor must be the nextCursor of an earlier page',
    ],
    [
      'cursor=2025-13-45T10%3A00%3A00Z_1',
      'cursor',
      'cursor must be the nextCursor of an earlier page',
    ],
    ['limit=0', 'limit', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit', 'limit must be a whole number from 1 to 100'],
    ['limit=2.5', 'limit', 'limit must be a whole number from 1 to 100'],
    ['limit=many', 'limit', 'limit must be a whole number from 1 to 100'],
    ['from=yesterday', 'from', 'from must be an ISO date-time'],
    [
      `from=${encodeURIComponent('2025-03-05T00:00:00Z')}&to=${encodeURIComponent('2025-03-01T00:00:00Z')}`,
      'to',
      'to must not be before from',
    ],
  ])('answers 400 to %s, naming %s', async (query, field, message) => {
    const user = await createUser(testApp.app);
    const response = await call(user, 'GET', `/api/notes/user/${user.id}/page?${query}`);
    expect(response.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(response.json());
    expect(error.fields?.[field]).toBe(message);
  });
});
