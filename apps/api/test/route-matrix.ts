import type { FastifyInstance, InjectOptions } from 'fastify';
import { ORIGIN, createUser, encodeForm, readOutbox } from './helper';
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
  // Issue 29: clinics. The owner founds "Platypus Practice" and shares their template with it.
  'GET /api/clinic': { access: 'user', owned: false, request: () => ({ url: '/api/clinic' }) },
  'POST /api/clinic': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic', payload: { name: 'Echidna Surgery' } }),
  },
  'GET /api/clinic/invitations': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/invitations' }),
  },
  'POST /api/clinic/invitations': {
    access: 'user',
    owned: false,
    request: () => ({
      url: '/api/clinic/invitations',
      payload: { email: 'colleague@example.test', role: 'clinician' },
    }),
  },
  // Docs/decisions/028: an owner or admin withdraws a pending invitation of their clinic.
  'DELETE /api/clinic/invitations/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/clinic/invitations/${owner.invitationId}` }),
  },
  // Any member leaves; the owner here is the clinic's last owner, so theirs is refused (409).
  'POST /api/clinic/leave': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/leave' }),
  },
  'POST /api/clinic/invitations/accept': {
    access: 'user',
    owned: false,
    // A well-formed token nobody was sent: refused as used or expired (410).
    request: () => ({
      url: '/api/clinic/invitations/accept',
      payload: { token: 'A'.repeat(43) },
    }),
  },
  'PUT /api/clinic/members/:userId': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/clinic/members/${owner.id}`, payload: { role: 'owner' } }),
  },
  'DELETE /api/clinic/members/:userId': {
    access: 'user',
    owned: true,
    // The last owner cannot leave (409); anyone outside the clinic gets 404.
    request: (owner) => ({ url: `/api/clinic/members/${owner.id}` }),
  },
  'GET /api/clinic/templates': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/templates' }),
  },
  'POST /api/clinic/templates': {
    access: 'user',
    owned: true,
    request: (owner) => ({
      url: '/api/clinic/templates',
      payload: { templateId: owner.templateId },
    }),
  },
  'DELETE /api/clinic/templates/:id': {
    access: 'user',
    owned: true,
    request: (owner) => ({ url: `/api/clinic/templates/${owner.clinicTemplateId}` }),
  },
  'GET /api/clinic/audit': {
    access: 'user',
    owned: false,
    request: (owner) => ({ url: `/api/clinic/audit?sessionId=${owner.sessionId}` }),
  },
  'GET /api/clinic/audit.csv': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/audit.csv' }),
  },
  // Issue 29 item 5: the caller's clinic's retention (owners and admins read it, owners set it).
  'GET /api/clinic/retention': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/retention' }),
  },
  'PUT /api/clinic/retention': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/retention', payload: { retention: '7y' } }),
  },
  // Issue 29 item 3: the caller's clinic's plan (the other user founds a clinic of their own
  // above, so they get theirs). Any member reads it, owners subscribe and manage it, outside any
  // clinic it is 404, another member 403 (test/clinic-billing.test.ts, against recorded Stripe);
  // with billing off (the tests' default) checkout and portal answer 503 to the owner.
  'GET /api/clinic/billing': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/billing' }),
  },
  'POST /api/clinic/billing/checkout': {
    access: 'user',
    owned: false,
    request: () => ({
      url: '/api/clinic/billing/checkout',
      payload: { priceId: 'price_1SProMonthlyAUD0001' },
    }),
    unavailableWhenBillingOff: true,
  },
  'POST /api/clinic/billing/portal': {
    access: 'user',
    owned: false,
    request: () => ({ url: '/api/clinic/billing/portal', payload: {} }),
    unavailableWhenBillingOff: true,
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
  // A clinic (issue 29) sharing that template with its members.
  const clinic = await app.inject({
    method: 'POST',
    url: '/api/clinic',
    headers,
    payload: { name: 'Platypus Practice' },
  });
  if (clinic.statusCode !== 201) throw new Error(`owner clinic failed: ${clinic.body}`);
  const shared = await app.inject({
    method: 'POST',
    url: '/api/clinic/templates',
    headers,
    payload: { templateId: template.json<{ id: number }>().id },
  });
  if (shared.statusCode !== 201) throw new Error(`owner share failed: ${shared.body}`);
  // …and a pending invitation to it.
  const invitation = await app.inject({
    method: 'POST',
    url: '/api/clinic/invitations',
    headers,
    payload: { email: 'numbat.invitee@example.test', role: 'clinician' },
  });
  if (invitation.statusCode !== 201) throw new Error(`owner invite failed: ${invitation.body}`);
  return {
    ...user,
    clinicTemplateId: shared.json<{ id: number }>().id,
    invitationId: invitation.json<{ id: number }>().id,
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
      'Platypus Practice',
      'numbat.invitee@example.test',
    ],
  };
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * People around the owner's clinic (issue 29 item 6, docs/decisions/028): a clinician of the
 * clinic acting as an admin, a member the owner removed, and the owner of another clinic.
 */
export type ClinicPersona = 'clinician' | 'removed' | 'otherClinic';

/**
 * What each clinic route answers the owner's own request (`ROUTES`, the owner's ids) when a
 * persona sends it: the refusal status, or the success a persona gets for their own clinic (or for
 * having none). Successes are checked too, never to hold anything of the owner (except for the
 * clinician, who may see their clinic). `null`: the request would change who the persona is (found
 * a clinic, leave), so it is not sent here; test/clinic-membership-history.test.ts covers it.
 */
export const CLINIC_ROLE_MATRIX: Record<string, Record<ClinicPersona, number | null>> = {
  'GET /api/clinic': { clinician: 200, removed: 200, otherClinic: 200 },
  'POST /api/clinic': { clinician: 409, removed: null, otherClinic: 409 },
  'GET /api/clinic/invitations': { clinician: 403, removed: 404, otherClinic: 200 },
  'POST /api/clinic/invitations': { clinician: 403, removed: 404, otherClinic: 201 },
  'DELETE /api/clinic/invitations/:id': { clinician: 403, removed: 404, otherClinic: 404 },
  'POST /api/clinic/leave': { clinician: null, removed: 404, otherClinic: 409 },
  'POST /api/clinic/invitations/accept': { clinician: 410, removed: 410, otherClinic: 410 },
  'PUT /api/clinic/members/:userId': { clinician: 403, removed: 404, otherClinic: 404 },
  'DELETE /api/clinic/members/:userId': { clinician: 403, removed: 404, otherClinic: 404 },
  'GET /api/clinic/templates': { clinician: 200, removed: 404, otherClinic: 200 },
  'POST /api/clinic/templates': { clinician: 403, removed: 404, otherClinic: 404 },
  'DELETE /api/clinic/templates/:id': { clinician: 403, removed: 404, otherClinic: 404 },
  'GET /api/clinic/audit': { clinician: 403, removed: 404, otherClinic: 200 },
  'GET /api/clinic/audit.csv': { clinician: 403, removed: 404, otherClinic: 200 },
  'GET /api/clinic/retention': { clinician: 403, removed: 404, otherClinic: 200 },
  'PUT /api/clinic/retention': { clinician: 403, removed: 404, otherClinic: 200 },
  // Any member reads the plan their clinic pays for; only owners buy or manage it (billing is off
  // here, so an owner of their own clinic is told it is unavailable).
  'GET /api/clinic/billing': { clinician: 200, removed: 404, otherClinic: 200 },
  'POST /api/clinic/billing/checkout': { clinician: 403, removed: 404, otherClinic: 503 },
  'POST /api/clinic/billing/portal': { clinician: 403, removed: 404, otherClinic: 503 },
};

type Persona = Awaited<ReturnType<typeof createUser>> & { invitationToken: string | null };

/** The token of the latest invitation mailed to `email`, read from the outbox. */
export async function mailedInvitationToken(app: FastifyInstance, email: string) {
  const mail = (await readOutbox(app.config.mail.outboxDir))
    .filter((message) => message.to === email.toLowerCase())
    .at(-1);
  const token = mail?.text.match(/\/clinic\/join#([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** The personas of `CLINIC_ROLE_MATRIX`, each with the token they joined with (used). */
export async function createClinicPersonas(
  app: FastifyInstance,
  owner: Owner,
): Promise<Record<ClinicPersona, Persona>> {
  const as = (cookie: string) => ({ cookie, origin: ORIGIN });
  const joined = async (firstName: string): Promise<Persona> => {
    const user = await createUser(app, { firstName, lastName: 'Persona' });
    const invited = await app.inject({
      method: 'POST',
      url: '/api/clinic/invitations',
      headers: as(owner.cookie),
      payload: { email: user.email, role: 'clinician' },
    });
    if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
    const invitationToken = await mailedInvitationToken(app, user.email);
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/clinic/invitations/accept',
      headers: as(user.cookie),
      payload: { token: invitationToken },
    });
    if (accepted.statusCode !== 200) throw new Error(`join failed: ${accepted.body}`);
    return { ...user, invitationToken };
  };
  const clinician = await joined('Clara');
  const removed = await joined('Rex');
  const removal = await app.inject({
    method: 'DELETE',
    url: `/api/clinic/members/${removed.id}`,
    headers: as(owner.cookie),
  });
  if (removal.statusCode !== 200) throw new Error(`removal failed: ${removal.body}`);
  const other = await createUser(app, { firstName: 'Quentin', lastName: 'Quoll' });
  const founded = await app.inject({
    method: 'POST',
    url: '/api/clinic',
    headers: as(other.cookie),
    payload: { name: 'Quoll Clinic' },
  });
  if (founded.statusCode !== 201) throw new Error(`other clinic failed: ${founded.body}`);
  return { clinician, removed, otherClinic: { ...other, invitationToken: null } };
}
