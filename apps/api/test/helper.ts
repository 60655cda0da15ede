import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config/config';
import { apiPackageRoot } from '../src/lib/paths';

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

  const name = `clerkly_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clerkly-test-'));
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    dataDir,
    database: { kind: 'pglite', dataDir: null },
    publicUrl: 'http://localhost:3000',
    authSecret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    webDistDir: null,
    jsonBodyLimitBytes: 1024 * 1024,
    trustProxy: false,
    migrationsDir: path.join(apiPackageRoot(), 'drizzle'),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  close: () => Promise<void>;
}

export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({ database: database.target, ...overrides });
  const app = await buildApp(config);
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

/** `createUser(overrides)` factory: a signed-up user and the cookie of their session. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
) {
  userCounter += 1;
  const user = {
    email: `clinician${userCounter}.${randomBytes(3).toString('hex')}@example.test`,
    password: 'Sup3r$ecret!',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: 'http://localhost:3000' },
    payload: { ...user, name: `${user.firstName} ${user.lastName}` },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const setCookie = response.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  const body = response.json<{ user: { id: string }; token: string | null }>();
  return { ...user, id: body.user.id, cookie: cookies, token: body.token };
}
