import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { chosenEngineConfig } from '../engines/engine-definition';
import { NOTE_ENGINE_REGISTRY, type NoteEngineConfig } from '../engines/notes/notes.registry';
import { SPEECH_ENGINE_REGISTRY, type SpeechEngineConfig } from '../engines/stt/stt.registry';
import { apiPackageRoot, repoRoot } from '../lib/paths';
import { ConfigError, type Env } from './env';

/** Files 0600, folders 0700: set once at start, before anything is written. */
const PRIVATE_UMASK = 0o077;

/** Resolved, ready-to-use configuration built from the validated environment. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  publicUrl: string;
  authSecret: string;
  /** AES-256 keys for patient-identifying text at rest: the current one first. */
  dataKeys: { current: Buffer; previous: Buffer[] };
  logLevel: Env['LOG_LEVEL'];
  /** Built SPA to serve on the same port, or null when the API runs alone. */
  webDistDir: string | null;
  jsonBodyLimitBytes: number;
  uploadLimitBytes: number;
  /** How long the one-request upload waits for its result before a retryable 503. */
  uploadWaitMs: number;
  trustProxy: boolean;
  migrationsDir: string;
  engines: EngineConfig;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  rateLimit: boolean;
  /** Sign-in by e-mailed code without a password; off by default (issue 11). */
  passwordlessSignIn: boolean;
  role: Env['ROLE'];
  jobs: { transcribeConcurrency: number; notesConcurrency: number; retryDelaySeconds: number };
  audioRetention: Env['AUDIO_RETENTION'];
  billing: BillingConfig;
  /** false: nobody has trial limits (USAGE_LIMITS=off). */
  usageLimits: boolean;
  /** Where "Send to record" files notes; null: nowhere, and the button is absent. */
  record: RecordEndpointConfig | null;
}

/** The clinic's record system (issue 28, docs/decisions/022). */
export type RecordEndpointConfig =
  | { kind: 'fhir'; baseUrl: string; token: string | null }
  | { kind: 'hl7'; host: string; port: number };

function buildRecordConfig(env: Env): RecordEndpointConfig | null {
  if (env.RECORD_FHIR_URL) {
    return {
      kind: 'fhir',
      baseUrl: env.RECORD_FHIR_URL.replace(/\/+$/, ''),
      token: env.RECORD_FHIR_TOKEN ?? null,
    };
  }
  if (env.RECORD_HL7_MLLP) {
    const [host, port] = env.RECORD_HL7_MLLP.split(':');
    return { kind: 'hl7', host: host!, port: Number(port) };
  }
  return null;
}

/** Stripe, or null when billing is off (no STRIPE_SECRET_KEY, the embedded default). */
export interface BillingConfig {
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
}

/**
 * Which speech-to-text and note engines run, with what they need (validated in env.ts). Each
 * engine's settings are typed by its registry entry, whose kinds follow the catalogue.
 */
export interface EngineConfig {
  stt: SpeechEngineConfig;
  notes: NoteEngineConfig;
  timeoutMs: number;
}

export function buildEngineConfig(env: Env): EngineConfig {
  return {
    stt: chosenEngineConfig(SPEECH_ENGINE_REGISTRY, env.STT_ENGINE, env),
    notes: chosenEngineConfig(NOTE_ENGINE_REGISTRY, env.NOTES_ENGINE, env),
    timeoutMs: env.ENGINE_TIMEOUT_MS,
  };
}

/**
 * Secrets the operator did not provide are generated once and kept in `$DATA_DIR/keys`, so
 * sessions survive a restart without any setup (decision 001).
 */
function readOrCreateSecret(
  keysDir: string,
  name: string,
  encoding: BufferEncoding = 'base64url',
): string {
  const file = path.join(keysDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  chmodSync(keysDir, 0o700);
  const secret = randomBytes(32).toString(encoding);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Folders 0700 and files 0600 under the data folder, also for what an earlier version created
 * with wider modes.
 */
export function lockDownDataDir(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) lockDownDataDir(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}

const isInside = (dir: string, parent: string) => {
  const relative = path.relative(parent, dir);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * In production a secret is never generated inside DATA_DIR (issue 23, item 9): a copied data
 * folder would carry the key that decrypts it. Keys come from the environment or from a
 * KEYS_DIR outside DATA_DIR; otherwise the process refuses to start, naming both ways.
 * Development and tests keep the zero-setup default (decision 001).
 */
function assertKeysApartFromData(env: Env, dataDir: string, keysDir: string): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.AUTH_SECRET && env.DATA_KEY) return;
  if (!isInside(keysDir, dataDir)) return;
  throw new ConfigError([
    `KEYS_DIR: in production the keys must not be kept inside DATA_DIR (${dataDir}), where a ` +
      'copy of the data would decrypt it. Set KEYS_DIR to a folder outside DATA_DIR, or pass ' +
      'AUTH_SECRET and DATA_KEY from a secret store (docs/deploy.md).',
  ]);
}

export function buildConfig(env: Env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  // Everything the process writes (database, keys, outbox) is readable by its own account only
  // (issue 11): the default umask would leave the embedded database's files world-readable.
  process.umask(PRIVATE_UMASK);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  lockDownDataDir(dataDir);
  // Keys apart from the data (issue 11): a copy of the data folder alone then opens nothing.
  const keysDir = env.KEYS_DIR ? path.resolve(env.KEYS_DIR) : path.join(dataDir, 'keys');
  assertKeysApartFromData(env, dataDir, keysDir);
  const webDistDir = env.WEB_DIST_DIR
    ? path.resolve(env.WEB_DIST_DIR)
    : path.join(repoRoot(), 'apps', 'web', 'dist');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(keysDir, 'auth-secret'),
    dataKeys: {
      current: Buffer.from(
        env.DATA_KEY ?? readOrCreateSecret(keysDir, 'data-key', 'base64'),
        'base64',
      ),
      previous: (env.DATA_KEYS_PREVIOUS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
        .map((key) => Buffer.from(key, 'base64')),
    },
    logLevel: env.LOG_LEVEL,
    webDistDir: env.NODE_ENV === 'production' ? webDistDir : null,
    jsonBodyLimitBytes: env.JSON_BODY_LIMIT_BYTES,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    uploadWaitMs: env.UPLOAD_WAIT_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY,
    migrationsDir: path.join(apiPackageRoot(), 'drizzle'),
    engines: buildEngineConfig(env),
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    rateLimit: env.RATE_LIMIT === 'on',
    role: env.ROLE,
    jobs: {
      transcribeConcurrency: env.TRANSCRIBE_CONCURRENCY ?? availableParallelism(),
      notesConcurrency: env.NOTES_CONCURRENCY,
      retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
    },
    audioRetention: env.AUDIO_RETENTION,
    billing: {
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            apiUrl: env.STRIPE_API_URL ?? null,
          }
        : null,
    },
    usageLimits: env.USAGE_LIMITS === 'on',
    record: buildRecordConfig(env),
    passwordlessSignIn: env.PASSWORDLESS_SIGN_IN === 'on',
  };
}
