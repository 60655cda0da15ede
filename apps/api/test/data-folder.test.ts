/**
 * Issue 11 (High 2): the embedded database's files were world-readable and held live session
 * tokens. Here the app starts the way `npm start` does (configuration from the environment, PGlite
 * in `$DATA_DIR/db`), a clinician works, and then the data folder is inspected as another local
 * account would: modes, and a byte-level grep of every file, WAL included.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { buildConfig } from '../src/config/config';
import { parseEnv } from '../src/config/env';
import { ORIGIN, bearerTokenOf, cookiesOf, createUser } from './helper';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clerkly-data-'));
const previousUmask = process.umask();
afterAll(() => {
  process.umask(previousUmask);
  rmSync(dataDir, { recursive: true, force: true });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

describe('the data folder', () => {
  it('is private to the account and holds no token, patient name, transcript or note', async () => {
    // A folder some earlier version left world-readable is locked down at start as well.
    process.umask(0);
    const config = buildConfig(
      parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PUBLIC_URL: ORIGIN }),
    );
    const app = await buildApp(config);
    await app.ready();

    const user = await createUser(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: user.email, password: user.password, rememberMe: true },
    });
    const token = bearerTokenOf(signIn.headers['set-cookie'])!.split('.')[0]!;
    const headers = { cookie: cookiesOf(signIn.headers['set-cookie']), origin: ORIGIN };
    const session = (
      await app.inject({
        method: 'POST',
        url: '/api/patient-sessions/',
        headers,
        payload: { firstName: 'Barnaby Wexcombe', appointmentTypeId: 1, patientConsent: true },
      })
    ).json<{ id: number }>();
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/patient-sessions/${session.id}`,
      headers,
      payload: {
        notes: [
          { notesContent: '<p>Gryphon scratch</p>', patientSessionId: session.id, templateId: 1 },
        ],
        duration: 3,
        transcribedText: 'a gryphon scratched my forearm yesterday',
        baseVersion: 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await app.close();

    const entries = walk(dataDir);
    expect(entries.some((entry) => entry.includes(`${path.sep}db${path.sep}`))).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const wide = entries.filter((entry) => {
      const stat = statSync(entry);
      return (stat.mode & 0o777) !== (stat.isDirectory() ? 0o700 : 0o600);
    });
    expect(wide, 'files or folders readable by other accounts').toEqual([]);

    const files = entries.filter((entry) => statSync(entry).isFile());
    const email = Buffer.from(user.email);
    expect(files.some((file) => readFileSync(file).includes(email))).toBe(true); // real data
    for (const secret of [token, 'Barnaby', 'Wexcombe', 'Gryphon scratch', 'gryphon scratched']) {
      const needle = Buffer.from(secret);
      const holders = files.filter((file) => readFileSync(file).includes(needle));
      expect(holders, `"${secret}" in clear`).toEqual([]);
    }
  });
});

describe('keys in production (issue 23, item 9)', () => {
  const production = (extra: Record<string, string>) => ({
    DATA_DIR: path.join(dataDir, 'production'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PUBLIC_URL: ORIGIN,
    ...extra,
  });
  const keysOutside = path.join(tmpdir(), `clerkly-keys-${process.pid}`);
  afterAll(() => rmSync(keysOutside, { recursive: true, force: true }));

  it('refuses to start with keys generated inside DATA_DIR, saying what to set', () => {
    // Before this rule the keys were written to $DATA_DIR/keys: a copy of the data decrypted it.
    for (const env of [
      production({}),
      production({ KEYS_DIR: path.join(dataDir, 'production', 'secrets') }),
      production({ AUTH_SECRET: 'a'.repeat(43) }),
    ]) {
      expect(() => buildConfig(parseEnv(env))).toThrow(/KEYS_DIR.*outside DATA_DIR.*AUTH_SECRET/s);
    }
    expect(readdirSync(path.join(dataDir, 'production'))).not.toContain('keys');
  });

  it('starts with keys from KEYS_DIR outside DATA_DIR, or from the environment', () => {
    const fromFolder = buildConfig(parseEnv(production({ KEYS_DIR: keysOutside })));
    expect(readdirSync(keysOutside).sort()).toEqual(['auth-secret', 'data-key']);
    expect(fromFolder.dataKeys.current).toHaveLength(32);
    const dataKey = Buffer.alloc(32, 7).toString('base64');
    const fromEnv = buildConfig(
      parseEnv(production({ AUTH_SECRET: 'b'.repeat(43), DATA_KEY: dataKey })),
    );
    expect(fromEnv.dataKeys.current.toString('base64')).toBe(dataKey);
  });
});
