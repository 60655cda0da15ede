import type { FastifyInstance, InjectOptions } from 'fastify';
import { ORIGIN, createUser, encodeForm } from './helper';
import { encodeWav } from '../src/engines/audio/wav';

/**
 * One entry per route of the app (issue 11): how to call it validly as a signed-in user. The
 * access-control matrix and the fuzz suite walk `app.routeTable` and look each route up here, so
 * a new route without an entry fails both suites until someone says how it is protected.
 */
export type Owner = Awaited<ReturnType<typeof createOwner>>;

export type RouteEntry =
  | { access: 'public'; why: string }
  | {
      access: 'user';
      /** A valid request for `owner`'s records (path ids, body) without credentials. */
      request: (
        owner: Owner,
      ) => Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;
      /**
       * true: the request names the owner's records, so anyone else must get 403/404.
       * false: it acts on the caller's own data, so anyone else gets their own, never the owner's.
       */
      owned: boolean;
      /**
       * The status a valid request gets in the tests' configuration when it is not a success:
       * billing routes answer 503 "Billing is not configured" while billing is off (the default).
       */
      unavailableWhenBillingOff?: true;
    };

/** A tiny valid WAV (a tenth of a second of silence), enough for the upload to be well-formed. */
export const silentWav = (): Buffer => encodeWav(new Int16Array(1600));

export async function multipartBody(fields: Record<string, string>, audio: Buffer | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (audio) form.append('audio', new Blob([audio], { type: 'audio/wav' }), 'recording.wav');
  return encodeForm(form);
}

export const ROUTES: Record<string, RouteEntry> = {
  'GET /api/docs': { access: 'public', why: 'API documentation' },
  'GET /api/docs/static/index.html': { access: 'public', why: 'API documentation' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', why: 'API documentation' },
  'GET /api/docs/json': { access: 'public', why: 'API documentation' },
  'GET /api/docs/yaml': { access: 'public', why: 'API documentation' },
  'GET /api/docs/static/*': { access: 'public', why: 'API documentation' },
  'GET /healthz': { access: 'public', why: 'liveness probe' },
  'GET /readyz': { access: 'public', why: 'readiness probe' },
  'GET /api/auth/*': { access: 'public', why: 'identity service (AUTH_MATRIX below)' },
  'POST /api/auth/*': { access: 'public', why: 'identity service (AUTH_MATRIX below)' },
  'POST /api/users/password-reset': {
    access: 'public',
    why: 'spec point 7: sent after a reset, when the user is signed out',
  },
  'GET /api/users': { access: 'user', owned: false, request: () => ({ url: '/api/users' }) },
  'POST /api/users/register': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: '/api/users/register',
      payload: { cognitoId: owner.id, email: owner.email, firstName: 'Ada', lastName: 'Owner' },
    }),
  },
  'PUT /api/users/profile': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/users/profile', payload: { commonConditions: 'asthma' } }),
  },
  'GET /api/templates/': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/templates/' }),
  },
  'GET /api/templates/user/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/templates/user/${owner.id}` }),
  },
  'GET /api/templates/mine': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/templates/mine' }),
  },
  'POST /api/templates/mine': {
    access: 'user',
    owned: false,
    request: () => ({
      url: '/api/templates/mine',
      payload: {
        name: 'Someone else’s template',
        kind: 'note',
        sections: [{ title: 'Plan', guidance: '', format: 'prose' }],
      },
    }),
  },
  'GET /api/templates/mine/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/templates/mine/${owner.templateId}` }),
  },
  'PUT /api/templates/mine/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: `/api/templates/mine/${owner.templateId}`,
      payload: {
        name: 'Overwritten',
        kind: 'note',
        sections: [{ title: 'Plan', guidance: '', format: 'prose' }],
      },
    }),
  },
  'DELETE /api/templates/mine/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/templates/mine/${owner.templateId}` }),
  },
  // Issue 27: a clinician's learned style for a catalogue template, each clinician their own
  // (another clinician's own template is 404: test/style-profiles.test.ts).
  'GET /api/templates/:id/style': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/templates/1/style' }),
  },
  'DELETE /api/templates/:id/style': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/templates/1/style' }),
  },
  'GET /api/topics/templateId/:id': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/topics/templateId/1' }),
  },
  'GET /api/appointment-type/': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/appointment-type/' }),
  },
  'POST /api/patient-sessions/': {
    access: 'user',
    owned: false,
    request: () => ({
      url: '/api/patient-sessions/',
      payload: { firstName: 'Someone Else', appointmentTypeId: 1, patientConsent: true },
    }),
  },
  'PATCH /api/patient-sessions/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: `/api/patient-sessions/${owner.sessionId}`,
      payload: { notes: [], duration: 5, transcribedText: 'overwritten', baseVersion: 2 },
    }),
  },
  'GET /api/patient-sessions/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}` }),
  },
  'GET /api/notes/user/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/notes/user/${owner.id}` }),
  },
  'GET /api/notes/user/:id/page': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/notes/user/${owner.id}/page` }),
  },
  'GET /api/usage/': { access: 'user', owned: false, request: () => ({ url: '/api/usage/' }) },
  'PUT /api/patient-sessions/:id/segments/:seq': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: `/api/patient-sessions/${owner.sessionId}/segments/1`,
      headers: { 'content-type': 'audio/wav' },
      payload: silentWav(),
    }),
  },
  'GET /api/patient-sessions/:id/transcript': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}/transcript` }),
  },
  'POST /api/patient-sessions/:id/generations': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: `/api/patient-sessions/${owner.sessionId}/generations`,
      payload: { templateIds: [1], segmentCount: 1 },
    }),
  },
  'GET /api/patient-sessions/:id/activity': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}/activity` }),
  },
  'GET /api/patient-sessions/:id/notes/:templateId/:format': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}/notes/1/pdf` }),
  },
  'GET /api/patient-sessions/:id/fhir-bundle': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}/fhir-bundle` }),
  },
  'GET /api/record-endpoint': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/record-endpoint' }),
  },
  // Without a record system (the tests' configuration) the owner's send is a 409 that says so;
  // test/record-sends.test.ts sends to real peers.
  'POST /api/patient-sessions/:id/notes/:templateId/send-to-record': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: `/api/patient-sessions/${owner.sessionId}/notes/1/send-to-record`,
    }),
  },
  'GET /api/patient-sessions/:id/record-sends': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}/record-sends` }),
  },
  'POST /api/patient-sessions/:id/activity': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: `/api/patient-sessions/${owner.sessionId}/activity`,
      payload: { kind: 'note.copied', templateId: 1 },
    }),
  },
  'GET /api/patient-sessions/:id/versions': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}/versions` }),
  },
  'GET /api/patient-sessions/:id/versions/:version': {
    access: 'user',
    owned: true,
    // Version 2: what the owner's one save left.
    request: (owner) => ({ url: `/api/patient-sessions/${owner.sessionId}/versions/2` }),
  },
  'POST /api/patient-sessions/:id/versions/:version/restore': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: `/api/patient-sessions/${owner.sessionId}/versions/2/restore`,
      payload: { baseVersion: 2 },
    }),
  },
  'GET /api/generations/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/generations/${owner.generationId}` }),
  },
  'POST /api/generations/:id/retry': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/generations/${owner.generationId}/retry` }),
  },
  'GET /api/subscriptions/user/current': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/subscriptions/user/current' }),
  },
  'GET /api/stripe/product-list': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/stripe/product-list' }),
  },
  'POST /api/stripe/create-checkout-session': {
    access: 'user',
    owned: false,
    request: () => ({
      url: '/api/stripe/create-checkout-session',
      payload: { priceId: 'price_x' },
    }),
    unavailableWhenBillingOff: true,
  },
  'POST /api/stripe/cancel-subscription': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/stripe/cancel-subscription', payload: {} }),
    unavailableWhenBillingOff: true,
  },
  'POST /api/stripe/webhook': {
    access: 'public',
    why: 'Stripe calls it; the signature (STRIPE_WEBHOOK_SECRET) is its authentication',
  },
  'POST /api/deepgram/upload/': {
    access: 'user',
    owned: true,
    request: async (owner) => ({
      url: '/api/deepgram/upload/',
      ...(await multipartBody(
        { selectedTemplateIds: '[1]', sessionId: String(owner.sessionId) },
        silentWav(),
      )),
    }),
  },
  'POST /api/deepgram/notes-with-more-templates': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: '/api/deepgram/notes-with-more-templates',
      payload: {
        selectedTemplates: [1],
        transcribedText: 'I have had a sore throat for three days.',
        sessionId: owner.sessionId,
      },
    }),
  },
  'POST /api/deepgram/regenerate-notes': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: '/api/deepgram/regenerate-notes',
      payload: {
        templateId: 1,
        transcribedText: 'I have had a sore throat for three days.',
        userInput: 'use bullet points',
        sessionId: owner.sessionId,
        prevGeneratedNotes: '<p>Sore throat.</p>',
      },
    }),
  },
};

/** The identity endpoints the product exposes (auth.ts AUTH_ENDPOINTS), with a valid body each. */
export const AUTH_REQUESTS: Record<string, { method: 'GET' | 'POST'; payload?: object }> = {
  '/sign-up/email': {
    method: 'POST',
    payload: {
      email: 'fuzz.signup@example.test',
      password: 'Sup3r$ecret!',
      name: 'Fuzz Person',
      firstName: 'Fuzz',
      lastName: 'Person',
    },
  },
  '/sign-in/email': {
    method: 'POST',
    payload: { email: 'fuzz.signup@example.test', password: 'Sup3r$ecret!', rememberMe: false },
  },
  '/sign-out': { method: 'POST', payload: {} },
  '/get-session': { method: 'GET' },
  '/change-password': {
    method: 'POST',
    payload: { currentPassword: 'Sup3r$ecret!', newPassword: 'N3w$ecret!!' },
  },
  '/email-otp/send-verification-otp': {
    method: 'POST',
    payload: { email: 'fuzz.signup@example.test', type: 'email-verification' },
  },
  '/email-otp/verify-email': {
    method: 'POST',
    payload: { email: 'fuzz.signup@example.test', otp: '123456' },
  },
  '/email-otp/request-password-reset': {
    method: 'POST',
    payload: { email: 'fuzz.signup@example.test' },
  },
  '/email-otp/reset-password': {
    method: 'POST',
    payload: { email: 'fuzz.signup@example.test', otp: '123456', password: 'N3w$ecret!!' },
  },
};

/** A user with a saved session (patient name, transcript, note): what nobody else may see. */
export async function createOwner(app: FastifyInstance) {
  const user = await createUser(app, { firstName: 'Octavia', lastName: 'Ownerly' });
  const headers = { cookie: user.cookie, origin: ORIGIN };
  const created = await app.inject({
    method: 'POST',
    url: '/api/patient-sessions/',
    headers,
    payload: { firstName: 'Perpetua Patientsworth', appointmentTypeId: 1, patientConsent: true },
  });
  const sessionId = created.json<{ id: number }>().id;
  const saved = await app.inject({
    method: 'PATCH',
    url: `/api/patient-sessions/${sessionId}`,
    headers,
    payload: {
      notes: [
        {
          notesContent: '<p>Quokka bite, left thumb</p>',
          patientSessionId: sessionId,
          templateId: 1,
        },
      ],
      duration: 42,
      transcribedText: 'a quokka bit my left thumb at the zoo',
      baseVersion: 1,
    },
  });
  if (saved.statusCode !== 200) throw new Error(`owner save failed: ${saved.body}`);
  // A recorded segment and a generation from it (issue 9).
  const segment = await app.inject({
    method: 'PUT',
    url: `/api/patient-sessions/${sessionId}/segments/0`,
    headers: { ...headers, 'content-type': 'audio/wav' },
    payload: silentWav(),
  });
  if (segment.statusCode !== 200) throw new Error(`owner segment failed: ${segment.body}`);
  const generation = await app.inject({
    method: 'POST',
    url: `/api/patient-sessions/${sessionId}/generations`,
    headers,
    payload: { templateIds: [1], segmentCount: 1 },
  });
  if (generation.statusCode !== 202) throw new Error(`owner generation failed: ${generation.body}`);
  // An own template (issue 27), named like nothing anyone else has.
  const template = await app.inject({
    method: 'POST',
    url: '/api/templates/mine',
    headers,
    payload: {
      name: 'Wombat Ward Round',
      kind: 'note',
      sections: [{ title: 'Burrow findings', guidance: 'Wombat things', format: 'bullets' }],
    },
  });
  if (template.statusCode !== 201) throw new Error(`owner template failed: ${template.body}`);
  return {
    ...user,
    sessionId,
    templateId: template.json<{ id: number }>().id,
    generationId: generation.json<{ id: number }>().id,
    /** Text that identifies the owner or their patient: no one else's response may hold it. */
    secrets: [
      user.email,
      'Octavia',
      'Ownerly',
      'Perpetua',
      'Patientsworth',
      'Quokka bite',
      'quokka bit my left thumb',
      'Wombat Ward Round',
      'Burrow findings',
    ],
  };
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
