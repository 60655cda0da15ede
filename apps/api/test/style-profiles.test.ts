import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, styleProfileSchema, templateListItemSchema } from '@clerkly/contracts';
import { styleForDraft } from '../src/modules/style-profiles/style-profiles.service';
import { MEDICATION_SENTENCE, transcriptOf, type StrainVisit } from './fixtures/style-visits';
import { ORIGIN, buildTestApp, createUser, type TestApp } from './helper';

/**
 * Issue 27 (item 3): drafts that learn from edits. Saving a session teaches its templates' style;
 * the next draft applies it; the profile is shown and reset; it is the clinician's alone.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

type User = Awaited<ReturnType<typeof createUser>>;
const call = (
  user: User,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => testApp.app.inject({ method, url, headers: { cookie: user.cookie, origin: ORIGIN }, payload });

const visits: StrainVisit[] = [
  { part: 'right knee', drug: 'ibuprofen', dose: '400' },
  { part: 'left ankle', drug: 'naproxen', dose: '500' },
  { part: 'right wrist', drug: 'paracetamol', dose: '1000' },
];
async function clinicVisitId(user: User): Promise<number> {
  const list = templateListItemSchema
    .array()
    .parse((await call(user, 'GET', '/api/templates/')).json());
  return list.find((t) => t.name === 'Clinic Visit Note')!.id;
}

/** A session with a generated draft of the template for the visit: its id and the draft. */
async function draftFor(user: User, templateId: number, transcript: string) {
  const created = await call(user, 'POST', '/api/patient-sessions/', {
    firstName: 'Test Patient',
    appointmentTypeId: 1,
    patientConsent: true,
  });
  const sessionId = created.json<{ id: number }>().id;
  const response = await call(user, 'POST', '/api/deepgram/notes-with-more-templates', {
    selectedTemplates: [templateId],
    transcribedText: transcript,
    sessionId,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [output] = response.json<{ outputs: { output: string }[] }>().outputs;
  return { sessionId, draft: output!.output };
}

const save = (
  user: User,
  sessionId: number,
  templateId: number,
  html: string,
  transcript: string,
  baseVersion = 1,
) =>
  call(user, 'PATCH', `/api/patient-sessions/${sessionId}`, {
    notes: [{ notesContent: html, patientSessionId: sessionId, templateId }],
    duration: 60,
    transcribedText: transcript,
    baseVersion,
  });

/** The clinician's edit: the history's medication sentence deleted, "Pt" for "The patient". */
const edit = (html: string) =>
  html.replace(MEDICATION_SENTENCE, '').replace(/\bThe patient\b/g, 'Pt');

const styleOf = async (user: User, templateId: number) => {
  const response = await call(user, 'GET', `/api/templates/${templateId}/style`);
  expect(response.statusCode, response.body).toBe(200);
  return styleProfileSchema.parse(response.json());
};

describe('style profiles', () => {
  it('learns from saved edits, applies them to the next draft, and resets', async () => {
    const user = await createUser(testApp.app);
    const templateId = await clinicVisitId(user);
    expect(await styleOf(user, templateId)).toMatchObject({ notesLearned: 0, preferences: [] });

    for (const visit of visits.slice(0, 2)) {
      const transcript = transcriptOf(visit);
      const { sessionId, draft } = await draftFor(user, templateId, transcript);
      expect(draft).toMatch(MEDICATION_SENTENCE);
      const saved = await save(user, sessionId, templateId, edit(draft), transcript);
      expect(saved.statusCode, saved.body).toBe(200);
      // Saving the same note again is no new edit: it is not learned twice.
      const again = await save(user, sessionId, templateId, edit(draft), transcript, 2);
      expect(again.statusCode, again.body).toBe(200);
    }
    const learned = await styleOf(user, templateId);
    expect(learned.notesLearned).toBe(2);
    expect(learned.preferences).toEqual(expect.arrayContaining([expect.stringMatching(/^"Pt/)]));

    const third = transcriptOf(visits[2]!);
    const { draft } = await draftFor(user, templateId, third);
    expect(draft).not.toMatch(MEDICATION_SENTENCE);
    expect(draft).toMatch(/\bPt\b/);
    expect(draft).toMatch(/right wrist/);

    const reset = await call(user, 'DELETE', `/api/templates/${templateId}/style`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(styleProfileSchema.parse(reset.json()).notesLearned).toBe(0);
    expect((await styleOf(user, templateId)).notesLearned).toBe(0);
    const { draft: afterReset } = await draftFor(user, templateId, third);
    expect(afterReset).toMatch(MEDICATION_SENTENCE);
    expect(afterReset).toMatch(/The patient/);
  });

  it('is the clinician’s alone: another clinician’s template is 404, the catalogue’s their own', async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const own = await call(owner, 'POST', '/api/templates/mine', {
      name: 'Knee clinic',
      kind: 'note',
      sections: [{ title: 'History', guidance: 'The story', format: 'prose' }],
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json<{ id: number }>().id;
    const transcript = transcriptOf(visits[0]!);
    const { sessionId, draft } = await draftFor(owner, ownId, transcript);
    expect((await save(owner, sessionId, ownId, edit(draft), transcript)).statusCode).toBe(200);
    expect((await styleOf(owner, ownId)).notesLearned).toBe(1);

    for (const method of ['GET', 'DELETE'] as const) {
      const response = await call(other, method, `/api/templates/${ownId}/style`);
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.message).toBe('Template not found');
    }
    // The owner's profile is untouched by the other's attempt to reset it.
    expect((await styleOf(owner, ownId)).notesLearned).toBe(1);

    // On a catalogue template each clinician sees only what they taught it.
    const catalogue = await clinicVisitId(owner);
    const { sessionId: s2, draft: d2 } = await draftFor(owner, catalogue, transcript);
    expect((await save(owner, s2, catalogue, edit(d2), transcript)).statusCode).toBe(200);
    expect((await styleOf(owner, catalogue)).notesLearned).toBe(1);
    expect((await styleOf(other, catalogue)).notesLearned).toBe(0);
  });

  it('gives an engine that reads examples the recent saved notes, names removed, and audits it', async () => {
    const user = await createUser(testApp.app);
    const templateId = await clinicVisitId(user);
    const transcript = transcriptOf(visits[0]!);
    const { sessionId, draft } = await draftFor(user, templateId, transcript);
    const saved = `${edit(draft)}<p>Seen with Test Patient's daughter.</p>`;
    expect((await save(user, sessionId, templateId, saved, transcript)).statusCode).toBe(200);

    const { db } = testApp.app.database;
    const style = await styleForDraft(db, testApp.app.cipher, user.id, templateId, {
      examples: true,
    });
    expect(style?.examples).toHaveLength(1);
    expect(style!.examples![0]).toMatch(/Seen with \[name\]'s daughter\./);
    expect(style!.examples![0]).not.toMatch(/Test|Patient's daughter/);
    // The builtin engine reads no examples: no note is opened for it.
    expect(
      (await styleForDraft(db, testApp.app.cipher, user.id, templateId, { examples: false }))
        ?.examples,
    ).toBeUndefined();
    const activity = await call(user, 'GET', `/api/patient-sessions/${sessionId}/activity`);
    expect(activity.json<{ events: { kind: string }[] }>().events.map((e) => e.kind)).toContain(
      'note.style_example',
    );
  });

  it('answers a bad or unknown id clearly, and a signed-out request 401', async () => {
    const user = await createUser(testApp.app);
    expect((await call(user, 'GET', '/api/templates/abc/style')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/templates/99999999/style')).statusCode).toBe(404);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/templates/1/style' });
    expect(anonymous.statusCode).toBe(401);
  });
});
