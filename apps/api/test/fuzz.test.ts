/**
 * Issue 11: fuzzing of every route of the route table, identity routes included. Junk JSON, NUL
 * and other control characters, huge and negative numbers, deep nesting, lying multipart bodies,
 * odd ids and dates. Every answer must be a 2xx or a 4xx carrying the one error shape with a
 * message, never a 5xx and never a hang; and the log of the run holds no e-mail address or name.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@clerkly/contracts';
import { ORIGIN, capturedLog, randomIp } from './helper';
import { useTestApp } from './use-test-app';
import {
  AUTH_REQUESTS,
  ROUTES,
  createOwner,
  multipartBody,
  silentWav,
  type Owner,
} from './route-matrix';

/** Cases per route; about 3 000 in all. */
const RUNS_PER_ROUTE = 120;
/**
 * Hang guards, not speed budgets (speed is the benchmarks'). Beside `stress-ng --cpu 2` and a
 * browser test run, one request waited over 10 s (an upload decoded, a sign-up's scrypt hash
 * queued behind others) and a sign-up route's cases took over 180 s (30 Nov): a request that
 * never answers still fails here, a slow machine does not.
 */
const ROUTE_TIMEOUT_MS = 600_000;
/** A request still unanswered after this long counts as a hang. */
const HANG_MS = 60_000;

let owner: Owner;
const log = capturedLog('info');

const testApp = useTestApp({}, log.options);
beforeAll(async () => {
  owner = await createOwner(testApp.app);
});

const controlChars = fc
  .array(fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u202e', '\ufeff'), {
    minLength: 1,
    maxLength: 4,
  })
  .map((chars) => chars.join(''));

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  {
    weight: 3,
    arbitrary: fc.tuple(fc.string(), controlChars, fc.string()).map(([a, b, c]) => a + b + c),
  },
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    '../../etc/passwd',
    '<img src=x onerror=alert(1)>',
    '%00',
    '\ud800',
    'null',
    '[]',
    '{}',
    'x'.repeat(70_000),
    '0000-01-01T00:00:00Z',
    '99999-12-31T23:59:59Z',
    '2024-02-30T25:61:00+99:00',
  ),
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, -0, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 53), 1e308, 1e-308),
);

/** Nesting deeper than anything the API takes, written as text (a value would overflow here). */
const deepJson = fc
  .constantFrom(40, 500, 5000)
  .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Field names used across the API, so a mutation can add one a route might accept. */
const KNOWN_FIELDS = [
  'email',
  'password',
  'name',
  'firstName',
  'lastName',
  'profession',
  'commonTemplate',
  'commonConditions',
  'transcribedText',
  'userInput',
  'notes',
  'otp',
  'type',
  'rememberMe',
];

/** The route's valid body with some fields replaced by nasty values, or removed. */
function mutatedPayload(valid: unknown) {
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return nastyValue;
  const keys = Object.keys(valid);
  return fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...(keys.length > 0 ? keys : KNOWN_FIELDS)) },
          fc.constantFrom(...KNOWN_FIELDS, '__proto__', 'constructor', 'extra'),
        ),
        fc.option(nastyValue),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((changes) => {
      const copy: Record<string, unknown> = { ...(valid as Record<string, unknown>) };
      for (const [key, value] of changes) {
        if (value === null) delete copy[key];
        else copy[key] = value;
      }
      return copy;
    });
}

type Body = { payload?: string | Buffer; contentType?: string };

function bodies(valid: unknown): fc.Arbitrary<Body> {
  return fc.oneof(
    mutatedPayload(valid).map((value) => ({
      payload: JSON.stringify(value),
      contentType: 'application/json',
    })),
    nastyValue.map((value) => ({
      payload: JSON.stringify(value) ?? 'null',
      contentType: 'application/json',
    })),
    nastyString.map((text) => ({ payload: text, contentType: 'application/json' })),
    deepJson.map((text) => ({ payload: text, contentType: 'application/json' })),
    fc
      .tuple(
        nastyString,
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ),
      )
      .map(([text, type]) => ({
        payload: text,
        contentType: type,
      })),
    fc.constant({}),
  );
}

/** Multipart bodies that lie: wrong boundary, cut short, no boundary, junk fields, no file. */
function multipartBodies(sessionId: number): fc.Arbitrary<() => Promise<Body>> {
  const fields = fc.dictionary(
    fc.constantFrom('selectedTemplateIds', 'sessionId', 'prevTranscribedText', 'audio', 'x'),
    nastyString,
    { maxKeys: 4 },
  );
  const lies = fc.constantFrom('honest', 'wrong-boundary', 'truncated', 'no-boundary', 'garbage');
  return fc.tuple(fields, fc.boolean(), lies, fc.nat()).map(([extra, withAudio, lie, cut]) => {
    return async (): Promise<Body> => {
      const { headers, payload } = await multipartBody(
        { selectedTemplateIds: '[1]', sessionId: String(sessionId), ...extra },
        withAudio ? silentWav() : null,
      );
      const type = headers['content-type'];
      switch (lie) {
        case 'honest':
          return { payload, contentType: type };
        case 'wrong-boundary':
          return { payload, contentType: 'multipart/form-data; boundary=not-the-boundary' };
        case 'truncated':
          return { payload: payload.subarray(0, cut % payload.length), contentType: type };
        case 'no-boundary':
          return { payload, contentType: 'multipart/form-data' };
        case 'garbage':
          return { payload: Buffer.from(`--x\r\n${'junk'.repeat(cut % 50)}`), contentType: type };
      }
    };
  });
}

type Caller = 'owner' | 'owner-bearer' | 'anonymous';
const callers = fc.constantFrom<Caller>('owner', 'owner', 'owner-bearer', 'anonymous');

function credentials(caller: Caller): Record<string, string> {
  if (caller === 'owner') return { cookie: owner.cookie, origin: ORIGIN };
  if (caller === 'owner-bearer') return { authorization: `Bearer ${owner.token}` };
  return { origin: ORIGIN };
}

/** Path ids and query strings: huge, negative, fractional, encoded NUL, dates out of range. */
const nastySegment = fc.oneof(
  nastyNumber.map(String),
  nastyString.map((text) => {
    try {
      return encodeURIComponent(text.slice(0, 300));
    } catch {
      return '%ED%A0%80'; // a lone surrogate, which encodeURIComponent refuses to encode
    }
  }),
  fc.constantFrom('%00', '2147483648', '-1', '1.5', '1e309', 'NaN', '%E0%A4%A'),
);
const nastyQuery = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom('from', 'to', 'x'),
      fc.oneof(
        nastySegment,
        fc
          .date({ noInvalidDate: false })
          .map((d) => (Number.isNaN(d.getTime()) ? 'Invalid' : d.toISOString())),
      ),
      { maxKeys: 3 },
    )
    .map((query) =>
      Object.keys(query).length === 0
        ? ''
        : `?${Object.entries(query)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join('&')}`,
    ),
);

async function send(options: InjectOptions) {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([testApp.app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}

function expectClientOrSuccess(
  response: { statusCode: number; body: string },
  label: string,
  allowBillingOff = false,
) {
  if (!(allowBillingOff && response.statusCode === 503)) {
    expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  }
  if (response.statusCode >= 400) {
    const parsed = apiErrorSchema.safeParse(JSON.parse(response.body));
    expect(parsed.success, `${label}: error shape → ${response.body.slice(0, 300)}`).toBe(true);
    expect(parsed.data!.error.message.length).toBeGreaterThan(0);
  }
}

describe('fuzzing every route', () => {
  const routes = Object.entries(ROUTES).filter(
    ([key, entry]) => entry.access === 'user' || key === 'POST /api/users/password-reset',
  );

  it.each(routes)(
    '%s',
    async (key, entry) => {
      const [method, pattern] = key.split(' ') as [InjectOptions['method'], string];
      const valid =
        entry.access === 'user'
          ? await entry.request(owner)
          : { payload: { userEmail: 'x@example.test' } };
      const isUpload = key === 'POST /api/deepgram/upload/';
      const hasBody = method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          callers,
          fc.option(nastySegment, { freq: 2 }),
          nastyQuery,
          isUpload
            ? multipartBodies(owner.sessionId)
            : bodies(valid.payload).map((body) => () => Promise.resolve(body)),
          async (caller, segment, query, buildBody) => {
            const body = await buildBody();
            const validUrl = (valid as { url?: string }).url ?? pattern;
            const url =
              (segment !== null && pattern.includes(':id')
                ? pattern.replace(':id', segment)
                : validUrl) + query;
            const response = await send({
              method,
              url,
              remoteAddress: randomIp(),
              headers: {
                ...credentials(caller),
                ...(hasBody && body.contentType ? { 'content-type': body.contentType } : {}),
              },
              ...(hasBody && body.payload !== undefined ? { payload: body.payload } : {}),
            });
            expectClientOrSuccess(
              response,
              `${method} ${url} as ${caller}`,
              entry.access === 'user' && entry.unavailableWhenBillingOff === true,
            );
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    ROUTE_TIMEOUT_MS,
  );

  it.each(Object.entries(AUTH_REQUESTS))(
    'identity: %s',
    async (path, { method, payload }) => {
      await fc.assert(
        fc.asyncProperty(callers, nastyQuery, bodies(payload), async (caller, query, body) => {
          const response = await send({
            method,
            url: `/api/auth${path}${query}`,
            remoteAddress: randomIp(),
            headers: {
              ...credentials(caller),
              ...(method === 'POST' && body.contentType
                ? { 'content-type': body.contentType }
                : {}),
            },
            ...(method === 'POST' && body.payload !== undefined ? { payload: body.payload } : {}),
          });
          expectClientOrSuccess(response, `${method} /api/auth${path} as ${caller}`);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    ROUTE_TIMEOUT_MS,
  );

  it('left no personal data and no unhandled error in the log', () => {
    const text = log.text();
    expect(text).toContain('"reqId"');
    for (const secret of owner.secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('fuzz.signup@example.test');
    expect(text).not.toContain('Unhandled error');
  });
});
