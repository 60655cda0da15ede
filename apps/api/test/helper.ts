import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, HTTPMethods } from 'fastify';
import { simpleParser } from 'mailparser';
import { apiErrorSchema } from '@clerkly/contracts';
import { buildApp, loggerOptions } from '../src/app';
import type { AppConfig } from '../src/config/config';
import { apiPackageRoot } from '../src/lib/paths';
import { createScratchPostgres } from './scratch-postgres';

/**
 * A fresh database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL, dropped again afterwards.
 */
async function createTestDatabase(): Promise<{
  target: AppConfig['database'];
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { target: { kind: 'pglite', dataDir: null }, drop: async () => {} };
  const { url, drop } = await createScratchPostgres(serverUrl, 'clerkly_test');
  return { target: { kind: 'postgres', url }, drop };
}

function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clerkly-test-'));
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    dataDir,
    database: { kind: 'pglite', dataDir: null },
    publicUrl: 'http://localhost:3000',
    authSecret: randomBytes(32).toString('hex'),
    dataKeys: { current: randomBytes(32), previous: [] },
    logLevel: 'silent',
    webDistDir: null,
    jsonBodyLimitBytes: 1024 * 1024,
    uploadLimitBytes: 20 * 1024 * 1024,
    uploadWaitMs: 360_000,
    trustProxy: false,
    migrationsDir: path.join(apiPackageRoot(), 'drizzle'),
    engines: {
      stt: { kind: 'sphinx', model: 'general' },
      notes: { kind: 'builtin' },
      timeoutMs: 120_000,
    },
    mail: {
      smtpUrl: null,
      from: 'Clerkly <no-reply@clerkly.test>',
      outboxDir: path.join(dataDir, 'outbox'),
    },
    rateLimit: true,
    role: 'all',
    jobs: { transcribeConcurrency: 2, notesConcurrency: 2, retryDelaySeconds: 1 },
    audioRetention: 'none',
    billing: { stripe: null },
    usageLimits: true,
    passwordlessSignIn: false,
    record: null,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  close: () => Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  fastifyOptions: FastifyServerOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({ database: database.target, ...overrides });
  const app = await buildApp(config, fastifyOptions);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/** A different client address per call, so per-IP rate limits do not couple unrelated tests. */
export const randomIp = () =>
  `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

export const ORIGIN = 'http://localhost:3000';

/** The error of an API error response's body (code, message and the rest). */
export const errorOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error;

/** A FormData as the browser sends it: the multipart content type (with its boundary) and bytes. */
export async function encodeForm(form: FormData) {
  const encoded = new Response(form);
  return {
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}

/** The one-request upload (`POST /api/deepgram/upload/`) of `form` with the clinician's cookie. */
export async function postUploadForm(
  app: FastifyInstance,
  form: FormData,
  { cookie, origin = ORIGIN }: { cookie: string; origin?: string },
) {
  const { headers, payload } = await encodeForm(form);
  return app.inject({
    method: 'POST',
    url: '/api/deepgram/upload/',
    headers: { cookie, origin, ...headers },
    payload,
  });
}

/** The latest code e-mailed to `email`, read from the outbox folder like a clinician would. */
export async function readLatestCode(outboxDir: string, email: string): Promise<string> {
  const messages = await readOutbox(outboxDir);
  const mine = messages.filter((m) => m.to === email.toLowerCase());
  const latest = mine.at(-1);
  const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  if (!existsSync(outboxDir)) return [];
  const files = readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(readFileSync(path.join(outboxDir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return {
        file,
        to: (to?.value[0]?.address ?? '').toLowerCase(),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
      };
    }),
  );
}

export const cookiesOf = (setCookie: string | string[] | undefined): string =>
  (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0])
    .filter(Boolean)
    .join('; ');

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export const newUser = (overrides: Partial<NewUser> = {}): NewUser => {
  userCounter += 1;
  return {
    email: `clinician${userCounter}.${randomBytes(3).toString('hex')}@example.test`,
    password: 'Sup3r$ecret!',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
};

/**
 * `createUser(overrides)` factory: signs up through the identity endpoints, confirms the address
 * with the code from the outbox, and returns the user with their session cookie and token.
 */
export async function createUser(app: FastifyInstance, overrides: Partial<NewUser> = {}) {
  const user = newUser(overrides);
  const ip = randomIp();
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    remoteAddress: ip,
    payload: { ...user, name: `${user.firstName} ${user.lastName}` },
  });
  if (signUp.statusCode !== 200) {
    throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  }
  const otp = await readLatestCode(app.config.mail.outboxDir, user.email);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/email-otp/verify-email',
    headers: { origin: ORIGIN },
    remoteAddress: ip,
    payload: { email: user.email, otp },
  });
  if (verify.statusCode !== 200) {
    throw new Error(`verification failed: ${verify.statusCode} ${verify.body}`);
  }
  const body = verify.json<{ user: { id: string }; token: string | null }>();
  return {
    ...user,
    id: body.user.id,
    cookie: cookiesOf(verify.headers['set-cookie']),
    token: bearerTokenOf(verify.headers['set-cookie']),
  };
}

/** A signed-up clinician as `createUser` returns them: their address, id and session cookie. */
export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** A request from the web app by `user`: their session cookie and the app's Origin. */
export const injectAs = (
  app: FastifyInstance,
  user: { cookie: string },
  method: HTTPMethods,
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie: user.cookie, origin: ORIGIN }, payload });

/** The Create Notes form's body as the web app posts it (patient, date of birth, consent). */
export const newSessionForm = (overrides: object = {}) => ({
  firstName: 'Jane Citizen',
  lastName: '',
  dateOfBirth: '2000-01-01',
  appointmentTypeId: 1,
  patientConsent: true,
  ...overrides,
});

/**
 * A new patient session for `user` through the real endpoint, as Create Notes starts one; its id.
 * `remoteAddress` is the client's address the audit trail records.
 */
export async function createSession(
  app: FastifyInstance,
  user: { cookie: string },
  firstName = 'Sam Sample',
  { lastName, remoteAddress }: { lastName?: string; remoteAddress?: string } = {},
): Promise<number> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/patient-sessions/',
    headers: { cookie: user.cookie, origin: ORIGIN },
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: {
      firstName,
      ...(lastName === undefined ? {} : { lastName }),
      appointmentTypeId: 1,
      patientConsent: true,
    },
  });
  if (created.statusCode !== 201) {
    throw new Error(`session not created: ${created.statusCode} ${created.body}`);
  }
  return created.json<{ id: number }>().id;
}

/** Saves `notes` as the session's first saved version, as the clinician's Save does. */
export async function saveFirstVersion(
  app: FastifyInstance,
  user: { cookie: string },
  sessionId: number,
  saved: {
    notes: { templateId: number; notesContent: string }[];
    duration: number;
    transcribedText: string;
  },
): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/patient-sessions/${sessionId}`,
    headers: { cookie: user.cookie, origin: ORIGIN },
    payload: {
      ...saved,
      notes: saved.notes.map((note) => ({ ...note, patientSessionId: sessionId })),
      baseVersion: 1,
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`session not saved: ${response.statusCode} ${response.body}`);
  }
}

/**
 * What a non-browser API client sends as `Authorization: Bearer`: the session cookie's value,
 * read from `Set-Cookie` (the token is in no response body or other header, issue 11).
 */
export function bearerTokenOf(setCookie: string | string[] | undefined): string | undefined {
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('better-auth.session_token='));
  return cookie ? decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)) : undefined;
}

/**
 * Fastify options that send the app's log (at `level`, with the app's own redaction) to memory,
 * so a test can read what an operator would read.
 */
export function capturedLog(level: AppConfig['logLevel'] = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const base = loggerOptions({ logLevel: level, env: 'test' } as AppConfig) as object;
  return {
    options: { logger: { ...base, level, stream } } as FastifyServerOptions,
    text: () => lines.join(''),
  };
}

/**
 * Every row of every table, as text: what a database dump (or a stolen backup) would hold.
 * Works the same on PGlite and PostgreSQL; on PostgreSQL the output of a real `pg_dump` of the
 * test database is added.
 */
export async function dumpDatabase(app: FastifyInstance): Promise<string> {
  const target = app.config.database;
  const pgDump =
    target.kind === 'postgres'
      ? execFileSync('pg_dump', ['--no-owner', target.url], {
          maxBuffer: 256 * 1024 * 1024,
        }).toString('utf8')
      : '';
  return `${pgDump}\n${await selectEveryRow(app)}`;
}

async function selectEveryRow(app: FastifyInstance): Promise<string> {
  const { db } = app.database;
  /** Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so. */
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts: string[] = [];
  for (const { table_name: table } of rowsOf<{ table_name: string }>(tables)) {
    const rows = await db.execute(sql.raw(`select * from "${table}"`));
    parts.push(`-- ${table}\n${JSON.stringify(rowsOf(rows))}`);
  }
  return parts.join('\n');
}
