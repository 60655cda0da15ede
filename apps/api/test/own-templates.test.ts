import { describe, expect, it } from 'vitest';
import {
  OWN_TEMPLATE_LIMITS,
  apiErrorSchema,
  ownTemplateSchema,
  templateListItemSchema,
  templateSchema,
  templateTopicSchema,
  type OwnTemplateInput,
} from '@clerkly/contracts';
import { ORIGIN, createUser } from './helper';
import { useTestApp } from './use-test-app';

/** Issue 27: a clinician's own templates, private to them, on the spec's template endpoints. */

const testApp = useTestApp();

type User = Awaited<ReturnType<typeof createUser>>;
const call = (
  user: User,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => testApp.app.inject({ method, url, headers: { cookie: user.cookie, origin: ORIGIN }, payload });

const knee: OwnTemplateInput = {
  name: 'Knee clinic',
  kind: 'note',
  sections: [
    { title: 'Hx', guidance: 'The knee story', format: 'prose' },
    { title: 'A/P', guidance: 'What we decided', format: 'bullets' },
    {
      title: 'Sign-off',
      guidance: '',
      format: 'prose',
      verbatim: 'Dr Example, Knee Clinic',
    },
  ],
};

const create = async (user: User, input: OwnTemplateInput = knee) => {
  const response = await call(user, 'POST', '/api/templates/mine', input);
  expect(response.statusCode, response.body).toBe(201);
  return ownTemplateSchema.parse(response.json());
};

const transcript =
  '[doctor] what brings you in today\n[patient] my right knee has been painful for two weeks since i fell\n' +
  '[doctor] any swelling\n[patient] yes it swells in the evening\n' +
  '[doctor] there is a small effusion of the right knee\n' +
  '[doctor] i will order an mri of the right knee and see you in two weeks';

async function newSession(user: User) {
  const response = await call(user, 'POST', '/api/patient-sessions/', {
    firstName: 'Test Patient',
    appointmentTypeId: 1,
    patientConsent: true,
  });
  return response.json<{ id: number }>().id;
}

const generate = (user: User, sessionId: number, templateIds: number[]) =>
  call(user, 'POST', '/api/deepgram/notes-with-more-templates', {
    selectedTemplates: templateIds,
    transcribedText: transcript,
    sessionId,
  });

describe('own templates', () => {
  it('creates a template numbered above the catalogue and lists it for its owner', async () => {
    const user = await createUser(testApp.app);
    const created = await create(user);
    expect(created.id).toBeGreaterThanOrEqual(100_000);
    expect(created.sections.map((s) => [s.title, s.format])).toEqual([
      ['Hx', 'prose'],
      ['A/P', 'bullets'],
      ['Sign-off', 'prose'],
    ]);
    expect(created.sections[2]!.verbatim).toBe('Dr Example, Knee Clinic');

    const mine = ownTemplateSchema
      .array()
      .parse((await call(user, 'GET', '/api/templates/mine')).json());
    expect(mine.map((t) => t.name)).toEqual(['Knee clinic']);

    // The spec's endpoints: the catalogue as before, the own template after it.
    const names = templateListItemSchema
      .array()
      .parse((await call(user, 'GET', '/api/templates/')).json());
    expect(names.at(-1)).toEqual({ id: created.id, name: 'Knee clinic' });
    expect(names.slice(0, 3).map((t) => t.id)).toEqual([1, 2, 3]);
    const full = templateSchema
      .array()
      .parse((await call(user, 'GET', `/api/templates/user/${user.id}`)).json());
    expect(full.at(-1)).toMatchObject({ id: created.id, name: 'Knee clinic', own: true });
    expect(full.filter((t) => t.own)).toHaveLength(1);

    const topics = templateTopicSchema
      .array()
      .parse((await call(user, 'GET', `/api/topics/templateId/${created.id}`)).json());
    expect(topics.map((t) => [t.name, t.position])).toEqual([
      ['Hx', 1],
      ['A/P', 2],
      ['Sign-off', 3],
    ]);
  });

  it("answers 404 for another clinician's template on every endpoint and never lists it", async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const created = await create(owner);
    for (const [method, url, payload] of [
      ['GET', `/api/templates/mine/${created.id}`],
      ['PUT', `/api/templates/mine/${created.id}`, { ...knee, name: 'Stolen' }],
      ['DELETE', `/api/templates/mine/${created.id}`],
      ['GET', `/api/topics/templateId/${created.id}`],
    ] as const) {
      const response = await call(other, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Knee clinic');
    }
    const names = (await call(other, 'GET', '/api/templates/')).json<{ name: string }[]>();
    expect(names.map((t) => t.name)).not.toContain('Knee clinic');

    // Nor can the other clinician write notes with it, save notes under it or make it common.
    const sessionId = await newSession(other);
    const generated = await generate(other, sessionId, [created.id]);
    expect(generated.statusCode).toBe(400);
    const saved = await call(other, 'PATCH', `/api/patient-sessions/${sessionId}`, {
      notes: [{ notesContent: '<p>x</p>', patientSessionId: sessionId, templateId: created.id }],
      duration: 1,
      transcribedText: 'x',
      baseVersion: 1,
    });
    expect(saved.statusCode).toBe(400);
    const profile = await call(other, 'PUT', '/api/users/profile', {
      commonTemplate: String(created.id),
    });
    expect(profile.statusCode).toBe(400);
    // The owner's template is untouched.
    expect((await call(owner, 'GET', `/api/templates/mine/${created.id}`)).json()).toMatchObject({
      name: 'Knee clinic',
    });
  });

  it('edits a template, reordering and replacing its sections', async () => {
    const user = await createUser(testApp.app);
    const created = await create(user);
    const response = await call(user, 'PUT', `/api/templates/mine/${created.id}`, {
      ...knee,
      name: 'Knee clinic v2',
      sections: [knee.sections[1], knee.sections[0]],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = ownTemplateSchema.parse(response.json());
    expect(updated.id).toBe(created.id);
    expect(updated.sections.map((s) => s.title)).toEqual(['A/P', 'Hx']);
  });

  it('refuses bad input with a message per field and loses nothing', async () => {
    const user = await createUser(testApp.app);
    const created = await create(user);
    const cases: [object, string][] = [
      [{ ...knee, name: '   ' }, 'name'],
      [{ ...knee, sections: [] }, 'sections'],
      [{ ...knee, kind: 'poem' }, 'kind'],
      [
        { ...knee, sections: [{ title: 'X', guidance: '', format: 'tables' }] },
        'sections.0.format',
      ],
      [{ ...knee, name: 'x'.repeat(OWN_TEMPLATE_LIMITS.nameChars + 1) }, 'name'],
      [{ ...knee, name: 'SOAP Note' }, 'name'],
      [{ ...knee, name: 'Knee clinic' }, 'name'],
      [{ ...knee, name: 'Copy', copiedFromId: created.id }, 'copiedFromId'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(user, 'POST', '/api/templates/mine', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(response.json()).error.fields ?? {})).toContain(
        field,
      );
    }
    const broken = await testApp.app.inject({
      method: 'POST',
      url: '/api/templates/mine',
      headers: { cookie: user.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/templates/mine/abc')).statusCode).toBe(400);
    const mine = (await call(user, 'GET', '/api/templates/mine')).json<unknown[]>();
    expect(mine).toHaveLength(1);
  });

  it(`keeps at most ${OWN_TEMPLATE_LIMITS.perOwner} templates in use per clinician`, async () => {
    const user = await createUser(testApp.app);
    await Promise.all(
      Array.from({ length: OWN_TEMPLATE_LIMITS.perOwner + 2 }, (_, i) =>
        call(user, 'POST', '/api/templates/mine', { ...knee, name: `Template ${i}` }),
      ),
    ).then((responses) => {
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(OWN_TEMPLATE_LIMITS.perOwner);
      expect(codes.filter((c) => c === 409)).toHaveLength(2);
    });
    // Deleting one makes room again.
    const [first] = (await call(user, 'GET', '/api/templates/mine')).json<{ id: number }[]>();
    expect((await call(user, 'DELETE', `/api/templates/mine/${first!.id}`)).json()).toEqual({
      outcome: 'deleted',
    });
    expect(
      (await call(user, 'POST', '/api/templates/mine', { ...knee, name: 'One more' })).statusCode,
    ).toBe(201);
  });

  it('copies a catalogue template', async () => {
    const user = await createUser(testApp.app);
    const topics = templateTopicSchema
      .array()
      .parse((await call(user, 'GET', '/api/topics/templateId/1')).json());
    const copy = await create(user, {
      name: 'My SOAP',
      kind: 'note',
      copiedFromId: 1,
      sections: topics.map((t) => ({ title: t.name, guidance: t.guidance, format: 'prose' })),
    });
    expect(copy.copiedFromId).toBe(1);
    expect(copy.sections.map((s) => s.title)).toEqual(topics.map((t) => t.name));
  });
});

describe('notes from an own template', () => {
  it('writes the sections in order and format, verbatim text as given, and counts against the trial like any template', async () => {
    const user = await createUser(testApp.app);
    const created = await create(user);
    const sessionId = await newSession(user);
    const response = await generate(user, sessionId, [created.id]);
    expect(response.statusCode, response.body).toBe(200);
    const [output] = response.json<{ outputs: { templateId: number; output: string }[] }>().outputs;
    expect(output!.templateId).toBe(created.id);
    const headings = [...output!.output.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Hx', 'A/P', 'Sign-off']);
    const plan = output!.output.split('<h2>A/P</h2>')[1]!.split('<h2>')[0]!;
    expect(plan).toMatch(/^<ul><li>/);
    expect(plan.toLowerCase()).toContain('follow up in 2 weeks');
    expect(output!.output.split('<h2>A/P</h2>')[0]).toMatch(/knee/i);
    expect(output!.output).toContain('<h2>Sign-off</h2><p>Dr Example, Knee Clinic</p>');

    // Four catalogue templates and an own one: five in one session is over the trial's four.
    const second = await newSession(user);
    const tooMany = await generate(user, second, [1, 2, 3, 4, created.id]);
    expect(tooMany.statusCode).toBe(403);
  });

  it('archives a template that saved notes use: gone from the lists, the notes still open', async () => {
    const user = await createUser(testApp.app);
    const created = await create(user);
    const sessionId = await newSession(user);
    expect((await generate(user, sessionId, [created.id])).statusCode).toBe(200);
    const saved = await call(user, 'PATCH', `/api/patient-sessions/${sessionId}`, {
      notes: [
        { notesContent: '<p>Knee note</p>', patientSessionId: sessionId, templateId: created.id },
      ],
      duration: 10,
      transcribedText: transcript,
      baseVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const deleted = await call(user, 'DELETE', `/api/templates/mine/${created.id}`);
    expect(deleted.json()).toEqual({ outcome: 'archived' });
    expect((await call(user, 'GET', '/api/templates/mine')).json()).toEqual([]);
    const names = (await call(user, 'GET', '/api/templates/')).json<{ id: number }[]>();
    expect(names.map((t) => t.id)).not.toContain(created.id);
    expect((await call(user, 'GET', `/api/templates/mine/${created.id}`)).statusCode).toBe(404);
    // New notes cannot be asked for with it ...
    expect((await generate(user, await newSession(user), [created.id])).statusCode).toBe(400);
    // ... but the saved session still opens with the note under the template's name.
    const session = await call(user, 'GET', `/api/patient-sessions/${sessionId}`);
    expect(session.statusCode).toBe(200);
    expect(session.body).toContain('Knee note');
    const saved2 = (await call(user, 'GET', `/api/notes/user/${user.id}`)).body;
    expect(saved2).toContain('Knee clinic');
    // Its name is free for a new template.
    expect((await call(user, 'POST', '/api/templates/mine', knee)).statusCode).toBe(201);
  });
});
