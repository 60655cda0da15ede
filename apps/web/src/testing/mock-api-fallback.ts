import { errorResponse, type ApiHandlers } from './mock-api';

/**
 * For tests of flows that end on another page (login lands on /create-notes): that page's own
 * reads get a quiet 404 instead of failing the test, since they are not the subject. Requests
 * under the `owned` prefixes and every write still need a handler.
 */
export function withFallbackForOtherPages(
  handlers: ApiHandlers,
  owned: readonly string[] = ['/api/auth/', '/api/users'],
): ApiHandlers {
  return new Proxy(handlers, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      const handler = target[key];
      if (handler) return handler;
      const [method = '', path = ''] = key.split(' ');
      if (method !== 'GET' || owned.some((prefix) => path.startsWith(prefix))) return undefined;
      return () => errorResponse(404, 'NOT_FOUND', 'Not part of this test');
    },
  });
}
