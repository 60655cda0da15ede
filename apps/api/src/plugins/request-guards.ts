import { ERROR_CODES, NUL_MESSAGE, type ApiError } from '@clerkly/contracts';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered: the access-control and fuzz suites walk it. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
  }
}

/** Deeper JSON than any payload of the API is refused before anything walks it recursively. */
const MAX_JSON_DEPTH = 32;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request body that stops arriving (a Content-Length larger than what is sent) ends its
 * connection after this long without a byte (issue 23, item 9). Fastify's `requestTimeout` stays
 * 0: a whole recording uploaded over a slow link may take minutes, but never stalls this long.
 */
export const BODY_IDLE_TIMEOUT_MS = 30_000;

const refuse = (reply: FastifyReply, status: number, code: string, message: string) => {
  const body: ApiError = { error: { code, message } };
  return reply.code(status).send(body);
};

/** Why a parsed request part is refused, or null: too deep, or text with a NUL character. */
function inputProblem(value: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return NUL_MESSAGE;
    } else if (
      current !== null &&
      typeof current === 'object' &&
      !(current instanceof Uint8Array)
    ) {
      // Bytes (a recording segment) are not text: NUL is an ordinary sample value there.
      if (depth >= MAX_JSON_DEPTH) return `JSON is nested too deeply (at most ${MAX_JSON_DEPTH})`;
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return NUL_MESSAGE;
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * Request guards that apply to every route, so no route can forget them (issue 11):
 * - Cross-site request forgery: a state-changing request that carries a cookie must come from the
 *   app's own origin (`PUBLIC_URL`). Multipart forms included: a page on another port of the
 *   same host is same-site for SameSite cookies, but not same-origin. Requests without a cookie
 *   (Bearer clients) cannot be forged by a browser and pass.
 * - Input the database or a recursive walk cannot take (NUL characters, very deep JSON) is a
 *   400 before any handler runs.
 * - Responses of the API are never cached: they carry patient data.
 */
export default fp(
  async (app) => {
    const routes: Array<{ method: string; url: string }> = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD') routes.push({ method, url: route.url });
      }
    });

    app.addHook('onRequest', (request, _reply, done) => {
      const { headers, raw } = request;
      const socket = raw.socket as typeof raw.socket | undefined;
      const hasBody =
        (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
        headers['transfer-encoding'] !== undefined;
      // Injected requests (tests) have no real socket to time out.
      if (!hasBody || typeof socket?.setTimeout !== 'function') return done();
      const endIdle = () => socket.destroy();
      const before = socket.timeout ?? 0;
      const received = () => {
        socket.off('timeout', endIdle);
        // Unless Node has set its own since (the keep-alive timeout after the response).
        if (socket.timeout === BODY_IDLE_TIMEOUT_MS) socket.setTimeout(before);
      };
      socket.setTimeout(BODY_IDLE_TIMEOUT_MS);
      socket.once('timeout', endIdle);
      raw.once('end', received);
      raw.once('close', received);
      done();
    });

    const ownOrigin = new URL(app.config.publicUrl).origin;
    app.addHook('onRequest', async (request, reply) => {
      if (!STATE_CHANGING.has(request.method) || !request.headers.cookie) return;
      const origin = request.headers.origin;
      const sameOrigin =
        origin !== undefined
          ? origin === ownOrigin
          : request.headers['sec-fetch-site'] === 'same-origin';
      if (!sameOrigin) {
        return refuse(
          reply,
          403,
          ERROR_CODES.forbidden,
          'Cross-site request refused: send it from the Clerkly web app.',
        );
      }
    });

    app.addHook('preValidation', async (request, reply) => {
      const problem =
        inputProblem(request.body) ?? inputProblem(request.query) ?? inputProblem(request.params);
      if (problem) return refuse(reply, 400, ERROR_CODES.validation, problem);
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        void reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'request-guards', dependencies: ['config'] },
);
