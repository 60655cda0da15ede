import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@clerkly/contracts';
import { useTestApp } from './use-test-app';

const testApp = useTestApp({ jsonBodyLimitBytes: 1024 });

const expectJsonError = (response: { statusCode: number; body: string }, status: number) => {
  expect(response.statusCode).toBe(status);
  return apiErrorSchema.parse(JSON.parse(response.body)).error;
};

describe('bad requests get a 4xx JSON error, never a 500', () => {
  it('unknown routes are a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(expectJsonError(response, 404).code).toBe('NOT_FOUND');
    const post = await testApp.app.inject({ method: 'POST', url: '/nowhere', payload: {} });
    expectJsonError(post, 404);
  });

  it('malformed JSON is a 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(expectJsonError(response, 400).code).toBe('BAD_REQUEST');
  });

  it('an oversized body is a 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(5000), password: 'y' }),
    });
    expect(expectJsonError(response, 413).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an unsupported content type is a 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/x-something' },
      payload: 'hello',
    });
    expectJsonError(response, 415);
  });

  it('wrong types in a body are a 400 in the same error shape', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 12345, password: ['not', 'a', 'string'] },
    });
    const error = expectJsonError(response, 400);
    expect(error.message).toBeTruthy();
  });

  it('every response carries a request id and security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Issue 23: the microphone for this app's own pages only; no camera, location or payment API.
    const permissions = String(response.headers['permissions-policy']);
    expect(permissions).toContain('microphone=(self)');
    expect(permissions).toContain('camera=()');
    expect(permissions).toContain('geolocation=()');
  });

  it('readiness reports the database reachable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
  });

  it('serves OpenAPI docs generated from the schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/templates/', '/api/appointment-type/', '/api/users']),
    );
    const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
