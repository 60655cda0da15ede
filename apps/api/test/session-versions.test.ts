/**
 * Issue 23, finding 6: saved notes have a history. Every Save Session keeps its notes and
 * transcript as a version; earlier versions are listed and read, and one can be restored as a
 * new version (an audit event says so). Runs on PGlite and on PostgreSQL.
 *
 * On the code before this change each of these fails: a save overwrote the previous note and the
 * `/versions` routes did not exist (404).
 */
import {
  API_PATHS,
  SAVE_CONFLICT,
  patientSessionDetailSchema,
  sessionActivitySchema,
  sessionVersionSchema,
  sessionVersionsSchema,
} from '@clerkly/contracts';
import { describe, expect, it } from 'vitest';
import { ORIGIN, createSession, createUser } from './helper';
import { useTestApp } from './use-test-app';

type User = Awaited<ReturnType<typeof createUser>>;

const testApp = useTestApp();

const FIRST_TRANSCRIPT = 'my left knee has hurt for two weeks since i fell off my bike';
const FIRST_NOTE = '<p>Left knee pain for two weeks after a fall from a bicycle.</p>';
const SECOND_TRANSCRIPT =
  '[doctor] How is the knee? [patient] The right knee hurts when I climb stairs.';
const SECOND_NOTE = '<p>Right knee pain on stairs.</p>';
const LETTER = '<p>Dear colleague, thank you for seeing this patient with knee pain.</p>';

const headersOf = (user: User) => ({ cookie: user.cookie, origin: ORIGIN });

const newSession = (user: User) => createSession(testApp.app, user, 'Hester Versionby');

const save = (
  user: User,
  sessionId: number,
  baseVersion: number,
  transcript: string,
  notes: { templateId: number; content: string }[],
) =>
  testApp.app.inject({
    method: 'PATCH',
    url: API_PATHS.patientSession(sessionId),
    headers: headersOf(user),
    payload: {
      notes: notes.map((note) => ({
        notesContent: note.content,
        patientSessionId: sessionId,
        templateId: note.templateId,
      })),
      duration: 30,
      transcribedText: transcript,
      baseVersion,
    },
  });

const get = (user: User, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: headersOf(user) });

const restore = (user: User, sessionId: number, version: number, baseVersion: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url: API_PATHS.restoreSessionVersion(sessionId, version),
    headers: headersOf(user),
    payload: { baseVersion },
  });

/** A session saved twice: version 2 (one note), then version 3 (other text, two notes). */
async function savedTwice(user: User) {
  const sessionId = await newSession(user);
  const first = await save(user, sessionId, 1, FIRST_TRANSCRIPT, [
    { templateId: 1, content: FIRST_NOTE },
  ]);
  expect(first.statusCode, first.body).toBe(200);
  const second = await save(user, sessionId, 2, SECOND_TRANSCRIPT, [
    { templateId: 1, content: SECOND_NOTE },
    { templateId: 2, content: LETTER },
  ]);
  expect(second.statusCode, second.body).toBe(200);
  return sessionId;
}

describe('note history', () => {
  it('keeps every saved version of the notes and transcript, newest first', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await savedTwice(user);

    const list = await get(user, API_PATHS.sessionVersions(sessionId));
    expect(list.statusCode, list.body).toBe(200);
    const versions = sessionVersionsSchema.parse(list.json());
    expect(versions.currentVersion).toBe(3);
    expect(versions.versions.map((v) => v.version)).toEqual([3, 2]);
    expect(versions.versions[0]!.templateNames).toHaveLength(2);
    expect(versions.versions[1]!.templateNames).toHaveLength(1);
    // The list names what each version holds, never its text.
    expect(list.body).not.toContain('knee');

    // The earlier version is still there word for word, though the save overwrote the note.
    const earlier = await get(user, API_PATHS.sessionVersion(sessionId, 2));
    expect(earlier.statusCode, earlier.body).toBe(200);
    const version = sessionVersionSchema.parse(earlier.json());
    expect(version.transcript).toBe(FIRST_TRANSCRIPT);
    expect(version.notes.map((note) => [note.templateId, note.content])).toEqual([[1, FIRST_NOTE]]);
    const latest = sessionVersionSchema.parse(
      (await get(user, API_PATHS.sessionVersion(sessionId, 3))).json(),
    );
    expect(latest.transcript).toBe(SECOND_TRANSCRIPT);
    expect(latest.notes.map((note) => note.content)).toEqual([SECOND_NOTE, LETTER]);
  });

  it('restores an earlier version as a new version, losing nothing in between', async () => {
    const user = await createUser(testApp.app, { firstName: 'Rhoda', lastName: 'Restorer' });
    const sessionId = await savedTwice(user);

    const restored = await restore(user, sessionId, 2, 3);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ version: number }>().version).toBe(4);

    // The session now holds version 2's note and transcript; the letter saved only in version 3
    // is no longer a saved note.
    const detail = patientSessionDetailSchema.parse(
      (await get(user, API_PATHS.patientSession(sessionId))).json(),
    );
    expect(detail.version).toBe(4);
    expect(detail.transcript).toBe(FIRST_TRANSCRIPT);
    expect(detail.notes.filter((note) => note.content !== null).map((n) => n.content)).toEqual([
      FIRST_NOTE,
    ]);

    // Version 3 is still there, and version 4 says where it came from.
    const versions = sessionVersionsSchema.parse(
      (await get(user, API_PATHS.sessionVersions(sessionId))).json(),
    );
    expect(versions.versions.map((v) => [v.version, v.restoredFrom])).toEqual([
      [4, 2],
      [3, null],
      [2, null],
    ]);
    const between = sessionVersionSchema.parse(
      (await get(user, API_PATHS.sessionVersion(sessionId, 3))).json(),
    );
    expect(between.notes.map((note) => note.content)).toEqual([SECOND_NOTE, LETTER]);

    // The Activity says who opened an earlier version and who restored which one.
    const activity = sessionActivitySchema.parse(
      (await get(user, API_PATHS.sessionActivity(sessionId))).json(),
    );
    const lines = activity.events.map((event) => [event.kind, event.version, event.actorName]);
    expect(lines).toContainEqual(['version.opened', 3, 'Rhoda Restorer']);
    expect(lines).toContainEqual(['version.restored', 2, 'Rhoda Restorer']);
    expect(lines).toContainEqual(['session.saved', 4, 'Rhoda Restorer']);
    // A restore is not a hand edit: the restore and its save, nothing between.
    const restoredAt = lines.findIndex(([kind]) => kind === 'version.restored');
    expect(lines[restoredAt + 1]).toEqual(['session.saved', 4, 'Rhoda Restorer']);
    expect(lines[restoredAt - 1]?.[0]).not.toBe('note.edited');
  });

  it('refuses a restore based on an old version with 409, changing nothing', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await savedTwice(user);

    const stale = await restore(user, sessionId, 2, 2);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe(SAVE_CONFLICT.code);
    const versions = sessionVersionsSchema.parse(
      (await get(user, API_PATHS.sessionVersions(sessionId))).json(),
    );
    expect(versions.currentVersion).toBe(3);
    expect(versions.versions.map((v) => v.version)).toEqual([3, 2]);
    const activity = sessionActivitySchema.parse(
      (await get(user, API_PATHS.sessionActivity(sessionId))).json(),
    );
    expect(activity.events.map((event) => event.kind)).not.toContain('version.restored');
  });

  it('answers 404 for a version that does not exist or a session of someone else, 400 for nonsense', async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const sessionId = await savedTwice(owner);

    expect((await get(owner, API_PATHS.sessionVersion(sessionId, 9))).statusCode).toBe(404);
    expect((await restore(owner, sessionId, 9, 3)).statusCode).toBe(404);
    // The version a session was created with (1) was never saved: nothing to read.
    expect((await get(owner, API_PATHS.sessionVersion(sessionId, 1))).statusCode).toBe(404);
    for (const url of [
      API_PATHS.sessionVersions(sessionId),
      API_PATHS.sessionVersion(sessionId, 2),
    ]) {
      const response = await get(other, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('knee');
    }
    expect((await restore(other, sessionId, 2, 3)).statusCode).toBe(404);
    expect((await get(owner, `${API_PATHS.sessionVersions(sessionId)}/abc`)).statusCode).toBe(400);
    for (const baseVersion of ['three', -1, 0, null, 1.5]) {
      const response = await restore(owner, sessionId, 2, baseVersion);
      expect(response.statusCode, String(baseVersion)).toBe(400);
    }
    // Nothing above changed the session.
    const versions = sessionVersionsSchema.parse(
      (await get(owner, API_PATHS.sessionVersions(sessionId))).json(),
    );
    expect(versions.currentVersion).toBe(3);
  });

  it('keeps the newest 50 versions and the one a kept restore came from (issue 23, item 3)', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await savedTwice(user);
    expect((await restore(user, sessionId, 2, 3)).statusCode).toBe(200);
    // Versions 5 to 53: the history would hold 2..53 (52 versions) if nothing were pruned.
    for (let base = 4; base <= 52; base += 1) {
      const saved = await save(user, sessionId, base, SECOND_TRANSCRIPT, [
        { templateId: 1, content: `<p>Right knee pain on stairs, review ${base}.</p>` },
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
    }

    const versions = sessionVersionsSchema.parse(
      (await get(user, API_PATHS.sessionVersions(sessionId))).json(),
    );
    expect(versions.currentVersion).toBe(53);
    const expected = [...Array.from({ length: 50 }, (_, i) => 53 - i), 2];
    expect(versions.versions.map((v) => v.version)).toEqual(expected);
    // Version 3 was pushed out; version 2 stays because version 4 was restored from it.
    expect((await get(user, API_PATHS.sessionVersion(sessionId, 3))).statusCode).toBe(404);
    const source = sessionVersionSchema.parse(
      (await get(user, API_PATHS.sessionVersion(sessionId, 2))).json(),
    );
    expect(source.transcript).toBe(FIRST_TRANSCRIPT);
    const oldestKept = sessionVersionSchema.parse(
      (await get(user, API_PATHS.sessionVersion(sessionId, 4))).json(),
    );
    expect(oldestKept.notes.map((note) => note.content)).toEqual([FIRST_NOTE]);
  });
});
