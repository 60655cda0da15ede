import { API_PATHS, type CurrentUser } from '@clerkly/contracts';
import { vi } from 'vitest';
import { SESSION_PROBE_PATH } from '../lib/auth/current-user';

/** A request as the fake network saw it. */
export type RecordedRequest = {
  method: string;
  path: string;
  search: string;
  body: unknown;
  init: RequestInit | undefined;
};

export type ApiHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** Handlers keyed by "METHOD /path", e.g. "GET /api/users". */
export type ApiHandlers = Record<string, ApiHandler>;

export const jsonResponse = (body: unknown, init?: ResponseInit) => Response.json(body, init);

export const errorResponse = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** `GET /api/users`: the given user, or 401 when nobody is signed in. */
export const currentUserHandler = (user: CurrentUser | null) => () =>
  user ? jsonResponse(user) : errorResponse(401, 'UNAUTHORIZED', 'Not signed in');

/**
 * The identity service's session probe as the server answers it, derived from the test's
 * `GET /api/users` handler so the two always agree: 200 `null` where that handler says 401,
 * a session where it gives a user, and its own failure otherwise.
 */
const sessionProbeFor =
  (usersHandler: ApiHandler): ApiHandler =>
  async (request) => {
    const users = await usersHandler({ ...request, path: API_PATHS.users });
    if (users.status === 401) return jsonResponse(null);
    if (!users.ok) return users;
    return jsonResponse({
      session: { userId: 'test-session' },
      user: (await users.json()) as unknown,
    });
  };

/**
 * Replaces `fetch` (the network boundary) with the given handlers. A request without a handler
 * logs a console.error, which fails the test.
 */
export function mockApi(handlers: ApiHandlers) {
  const requests: RecordedRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const request = { method, path: url.pathname, search: url.search, body, init };
    requests.push(request);

    const key = `${method} ${url.pathname}`;
    const usersHandler = handlers[`GET ${API_PATHS.users}`];
    const handler =
      handlers[key] ??
      (key === `GET ${SESSION_PROBE_PATH}` && usersHandler
        ? sessionProbeFor(usersHandler)
        : undefined);
    if (!handler) {
      console.error(`Unhandled request: ${method} ${url.pathname}`);
      return errorResponse(501, 'NOT_MOCKED', 'No handler for this request');
    }
    return handler(request);
  });

  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/**
 * Replaces `fetch` for a visitor who is `user` (null: signed out): `GET /api/users` answers them,
 * and `handlers` answer the rest (and may override that read). Most page tests start this way.
 */
export const mockApiAs = (user: CurrentUser | null, handlers: ApiHandlers = {}) =>
  mockApi({ [`GET ${API_PATHS.users}`]: currentUserHandler(user), ...handlers });
