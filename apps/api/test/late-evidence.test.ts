import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionNotes } from '../src/db/schema';
import type { SavedEvidence } from '../src/modules/sessions/saved-evidence';
import { runAsActor } from '../src/modules/audit/audit.context';
import { saveSession } from '../src/modules/sessions/sessions.service';
import { createSession, createUser, type TestUser } from './helper';
import { useTestApp } from './use-test-app';

const testApp = useTestApp();

/** A note's evidence as the threads hand it back: JSON text, here telling which save it is of. */
const evidenceOf = (save: string) =>
  JSON.stringify([{ text: save, spans: [{ start: 0, end: 10 }], supported: true }]);

/** An aligner that answers only when the test says: slower than any save waits for. */
function alignedWhenReleased() {
  let release: (evidence: (string | null)[]) => void = () => {};
  const aligned = new Promise<(string | null)[]>((resolve) => (release = resolve));
  return { align: () => aligned, release };
}

/** Evidence as the save hands it over: what it took in the background, if anything. */
function evidenceThreads(align: SavedEvidence['align']) {
  const background: { sessionId: number; work: Promise<void> }[] = [];
  const evidence: SavedEvidence = {
    align,
    finishInBackground: (sessionId, work) => background.push({ sessionId, work }),
  };
  return { evidence, background };
}

const save = (
  user: TestUser,
  sessionId: number,
  baseVersion: number,
  notesContent: string,
  evidence: SavedEvidence,
) =>
  // As the clinician's PATCH would, outside a request: its audit events name them.
  runAsActor({ userId: user.id, address: '127.0.0.1' }, () =>
    saveSession(
      testApp.app.database.db,
      testApp.app.cipher,
      user.id,
      sessionId,
      {
        notes: [{ notesContent, patientSessionId: sessionId, templateId: 1 }],
        duration: 30,
        transcribedText: '[patient] i have knee pain after a fall',
        baseVersion,
      },
      evidence,
    ),
  );

/** The stored note of template 1: its saved text and evidence, opened. */
async function storedNote(sessionId: number) {
  const [row] = await testApp.app.database.db
    .select()
    .from(sessionNotes)
    .where(eq(sessionNotes.sessionId, sessionId));
  const open = (sealed: string | null) =>
    sealed === null ? null : testApp.app.cipher.open(sealed);
  return { content: open(row!.contentSealed), evidence: open(row!.contentEvidenceSealed) };
}

describe("a save's evidence (issue 23: saved without it on a saturated CPU)", () => {
  it('is stored in the save itself when aligned in time', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await createSession(testApp.app, user);
    const { evidence, background } = evidenceThreads(async () => [evidenceOf('in time')]);

    await save(user, sessionId, 1, '<p>Knee pain after a fall.</p>', evidence);

    expect(background).toEqual([]);
    expect((await storedNote(sessionId)).evidence).toBe(evidenceOf('in time'));
  });

  it('does not keep the save waiting, and is stored on its note once aligned', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await createSession(testApp.app, user);
    const slow = alignedWhenReleased();
    const { evidence, background } = evidenceThreads(slow.align);

    // The aligner answers only after the save has: the save did not wait for it.
    const saved = await save(user, sessionId, 1, '<p>Knee pain after a fall.</p>', evidence);
    expect(saved.version).toBe(2);
    expect(await storedNote(sessionId)).toEqual({
      content: '<p>Knee pain after a fall.</p>',
      evidence: null,
    });
    expect(background.map((late) => late.sessionId)).toEqual([sessionId]);

    slow.release([evidenceOf('late')]);
    await background[0]!.work;
    expect((await storedNote(sessionId)).evidence).toBe(evidenceOf('late'));
  });

  it('aligned after a later save, is not stored on the note the later save wrote', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await createSession(testApp.app, user);
    const slow = alignedWhenReleased();
    const first = evidenceThreads(slow.align);
    await save(user, sessionId, 1, '<p>First text.</p>', first.evidence);

    const second = evidenceThreads(async () => [evidenceOf('second save')]);
    await save(user, sessionId, 2, '<p>Second text.</p>', second.evidence);

    slow.release([evidenceOf('first save')]);
    await first.background[0]!.work;
    expect(await storedNote(sessionId)).toEqual({
      content: '<p>Second text.</p>',
      evidence: evidenceOf('second save'),
    });
  });

  it('is not aligned further for a save that failed (a conflict)', async () => {
    const user = await createUser(testApp.app);
    const sessionId = await createSession(testApp.app, user);
    const signals: AbortSignal[] = [];
    const slow = alignedWhenReleased();
    const { evidence, background } = evidenceThreads((_tasks, options) => {
      signals.push(options!.signal!);
      return slow.align();
    });

    await expect(save(user, sessionId, 7, '<p>Stale text.</p>', evidence)).rejects.toMatchObject({
      status: 409,
    });
    expect(signals[0]!.aborted).toBe(true);
    expect(background).toEqual([]);
  });
});
