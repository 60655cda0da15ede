import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, templateListItemSchema, templateTopicSchema } from '@clerkly/contracts';
import { seedReferenceData } from '../src/db/seed/seed';
import { createUser } from './helper';
import { useTestApp } from './use-test-app';

let user: Awaited<ReturnType<typeof createUser>>;

const testApp = useTestApp();
beforeAll(async () => {
  user = await createUser(testApp.app);
});

const get = (url: string, headers: Record<string, string> = { cookie: user.cookie }) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('reference data endpoints', () => {
  it.each(['/api/templates/', '/api/appointment-type/', '/api/topics/templateId/1', '/api/users'])(
    '%s refuses a request without a session with 401',
    async (url) => {
      const response = await get(url, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Authentication required' },
      });
    },
  );

  it('lists at least 40 templates by id and name for a signed-in user', async () => {
    const response = await get('/api/templates/');
    expect(response.statusCode).toBe(200);
    const list = templateListItemSchema.array().parse(response.json());
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.map((t) => t.name)).toContain('Clinic Visit Note');
    expect(list.map((t) => t.name)).toContain('SOAP Note');
  });

  it('accepts a bearer token as well as the cookie', async () => {
    expect(user.token).toBeTruthy();
    const response = await get('/api/templates/', { authorization: `Bearer ${user.token}` });
    expect(response.statusCode).toBe(200);
  });

  it('gives every template at least three topics, in order', async () => {
    const list = templateListItemSchema.array().parse((await get('/api/templates/')).json());
    for (const template of list) {
      const response = await get(`/api/topics/templateId/${template.id}`);
      expect(response.statusCode).toBe(200);
      const topics = templateTopicSchema.array().parse(response.json());
      expect(topics.length, template.name).toBeGreaterThanOrEqual(3);
      expect(topics.map((t) => t.position)).toEqual(topics.map((_, i) => i + 1));
    }
  });

  it('gives the Clinic Visit Note its six sections', async () => {
    const list = templateListItemSchema.array().parse((await get('/api/templates/')).json());
    const clinicVisit = list.find((t) => t.name === 'Clinic Visit Note')!;
    const topics = templateTopicSchema
      .array()
      .parse((await get(`/api/topics/templateId/${clinicVisit.id}`)).json());
    expect(topics.map((t) => t.name)).toEqual([
      'Chief Complaint',
      'History of Present Illness',
      'Review of Systems',
      'Physical Examination',
      'Results',
      'Assessment and Plan',
    ]);
  });

  it('answers 404 for an unknown template and 400 for a non-numeric id', async () => {
    expect((await get('/api/topics/templateId/99999')).statusCode).toBe(404);
    const bad = await get('/api/topics/templateId/abc');
    expect(bad.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(bad.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toHaveProperty('id');
  });

  it('starts appointment types with General Consult', async () => {
    const response = await get('/api/appointment-type/');
    expect(response.statusCode).toBe(200);
    const types = response.json<{ id: number; name: string }[]>();
    expect(types[0]).toEqual({ id: 1, name: 'General Consult' });
    expect(types.length).toBeGreaterThanOrEqual(6);
  });

  it('lists full templates for the user themself only', async () => {
    const own = await get(`/api/templates/user/${user.id}`);
    expect(own.statusCode).toBe(200);
    const templates = own.json<{ medicalProfession: string; recommend: number }[]>();
    expect(templates.length).toBeGreaterThanOrEqual(40);
    expect(templates.some((t) => t.medicalProfession === 'General medicine')).toBe(true);
    expect(templates.some((t) => t.recommend === 1)).toBe(true);

    const other = await get('/api/templates/user/someone-else');
    expect(other.statusCode).toBe(403);
  });

  it('returns the signed-in user as a trial USER', async () => {
    const response = await get('/api/users');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      cognitoId: user.id,
      email: user.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'USER',
      isTrial: true,
      isDeleted: false,
    });
  });

  it('seeds idempotently: a second seed changes nothing', async () => {
    const before = (await get('/api/templates/')).json<unknown[]>();
    const typesBefore = (await get('/api/appointment-type/')).json<unknown[]>();
    await seedReferenceData(testApp.app.database.db);
    expect((await get('/api/templates/')).json()).toEqual(before);
    expect((await get('/api/appointment-type/')).json()).toEqual(typesBefore);
  });
});
