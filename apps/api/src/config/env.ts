import { noteEngineKindSchema, speechEngineKindSchema } from '@clerkly/contracts';
import { z } from 'zod';
import { chosenEngineProblems } from '../engines/engine-definition';
import { NOTE_ENGINE_ENV, NOTE_ENGINE_REGISTRY } from '../engines/notes/notes.registry';
import { SPEECH_ENGINE_ENV, SPEECH_ENGINE_REGISTRY } from '../engines/stt/stt.registry';

/**
 * Environment, validated once at boot (STYLE "One definition of each thing"). A bad value stops
 * the process with a message naming the variable, instead of failing later in a request.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int()
    .min(0)
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where generated keys live; default `$DATA_DIR/keys`. Put it elsewhere to back up apart. */
  KEYS_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL' }).optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  /** base64 of 32 random bytes; generated into $DATA_DIR/keys when not given. */
  DATA_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64').length === 32,
      'DATA_KEY must be 32 bytes, base64-encoded',
    )
    .optional(),
  /** Earlier DATA_KEYs, comma-separated, still accepted for reading after a rotation. */
  DATA_KEYS_PREVIOUS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  JSON_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Clerkly <no-reply@clerkly.local>'),
  /** Turning rate limits off is for browser tests that sign up many users from one address. */
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  /** Sign-in by an e-mailed code alone, without the password (issue 11: off unless chosen). */
  PASSWORDLESS_SIGN_IN: z.enum(['on', 'off']).default('off'),
  // Engines (decision 003): offline by default, cloud or local by configuration. The kinds come
  // from the catalogue in @clerkly/contracts, each engine's own variables from its registry entry.
  STT_ENGINE: speechEngineKindSchema.default('sphinx'),
  ...SPEECH_ENGINE_ENV,
  NOTES_ENGINE: noteEngineKindSchema.default('builtin'),
  ...NOTE_ENGINE_ENV,
  ENGINE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Largest recording accepted by the upload (an hour of 16 kHz mono WAV is ~115 MB). */
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /**
   * How long the one-request upload waits for its notes before answering 503 with Retry-After
   * (issue 23, finding 10): under the 60 s a reverse proxy commonly allows a response.
   */
  UPLOAD_WAIT_SECONDS: z.coerce.number().int().positive().max(3600).default(50),
  /**
   * Process role (issue 9): `all` serves HTTP and runs the job workers (the embedded default);
   * `api` only serves HTTP; `worker` only runs jobs (and answers /healthz, /readyz).
   */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Jobs of each kind one worker process runs at once; more wait in the queue. */
  TRANSCRIBE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  NOTES_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** First wait before a failed job runs again; each later retry waits twice as long. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  /** `none`: a segment's audio is deleted once transcribed; `keep`: kept with the session. */
  AUDIO_RETENTION: z.enum(['none', 'keep']).default('none'),
  // Billing (spec points 2-4): off unless a Stripe secret key is given.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_\w+$/,
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_... or rk_...)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)')
    .optional(),
  /** Another Stripe API address (a recorded-response server in tests, or a proxy). */
  STRIPE_API_URL: z.url({ error: 'STRIPE_API_URL must be an absolute URL' }).optional(),
  /** `off`: no trial limits for anyone (a self-hosted clinic that bills nobody). */
  USAGE_LIMITS: z.enum(['on', 'off']).default('on'),
  // The clinic's record system (issue 28, docs/decisions/022): a FHIR server or an HL7 v2 peer.
  /** FHIR R4 base URL that "Send to record" files DocumentReferences in. */
  RECORD_FHIR_URL: z.url({ error: 'RECORD_FHIR_URL must be an absolute URL' }).optional(),
  /** Bearer token sent to RECORD_FHIR_URL. */
  RECORD_FHIR_TOKEN: z.string().min(1).optional(),
  /** host:port of an HL7 v2 MLLP listener that "Send to record" sends MDM^T02 messages to. */
  RECORD_HL7_MLLP: z
    .string()
    .regex(
      /^[A-Za-z0-9.-]+:\d{1,5}$/,
      "RECORD_HL7_MLLP must be host:port (the MLLP listener of the clinic's record system)",
    )
    .refine(
      (value) => Number(value.split(':')[1]) >= 1 && Number(value.split(':')[1]) <= 65535,
      'RECORD_HL7_MLLP: the port must be between 1 and 65535',
    )
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type Env = z.infer<typeof envSchema>;

/** A chosen engine must have what it needs: fail at boot, never fall back to a toy silently. */
function engineProblems(env: Env): string[] {
  const problems: string[] = [
    ...chosenEngineProblems(SPEECH_ENGINE_REGISTRY, env.STT_ENGINE, env),
    ...chosenEngineProblems(NOTE_ENGINE_REGISTRY, env.NOTES_ENGINE, env),
  ];
  if (env.ROLE !== 'all' && !env.DATABASE_URL) {
    problems.push(
      `ROLE: ${env.ROLE} needs DATABASE_URL (the embedded PGlite database is one process: ROLE=all)`,
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    // Without the webhook the local mirror never learns about payments: fail now, not later.
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  if (env.RECORD_FHIR_URL && env.RECORD_HL7_MLLP) {
    problems.push('RECORD_HL7_MLLP: set either RECORD_FHIR_URL or RECORD_HL7_MLLP, not both');
  }
  if (env.RECORD_FHIR_TOKEN && !env.RECORD_FHIR_URL) {
    problems.push('RECORD_FHIR_TOKEN: needs RECORD_FHIR_URL (the FHIR server it is sent to)');
  }
  return problems;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `PORT=` in a .env file means "use the default". */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const problems = engineProblems(result.data);
  if (problems.length > 0) throw new ConfigError(problems);
  return result.data;
}
