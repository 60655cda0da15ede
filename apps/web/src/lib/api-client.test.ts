import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../testing/mock-api';
import {
  ApiNetworkError,
  ApiRequestError,
  apiClient,
  isRetryableError,
  shouldRetryRequest,
} from './api-client';

describe('apiClient', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const { requests } = mockApi({ 'POST /api/things': () => jsonResponse({ id: 7 }) });

    await expect(apiClient.post('/api/things', { body: { name: 'x' } })).resolves.toEqual({
      id: 7,
    });

    const [request] = requests;
    expect(request?.body).toEqual({ name: 'x' });
    expect(request?.init?.credentials).toBe('include');
    expect(request?.init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('throws ApiRequestError with the status, code, message and fields of the error body', async () => {
    mockApi({
      'PUT /api/users/profile': () =>
        Response.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Invalid input',
              fields: { profession: 'Profession is required' },
            },
          },
          { status: 400 },
        ),
    });

    const error = await apiClient.put('/api/users/profile', { body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      fields: { profession: 'Profession is required' },
    });
  });

  it("reads better-auth's flat error shape too", async () => {
    mockApi({
      'POST /api/auth/sign-in/email': () =>
        Response.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        ),
    });

    await expect(apiClient.post('/api/auth/sign-in/email', { body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('turns a failed connection into ApiNetworkError', async () => {
    mockApi({
      'GET /api/usage/': () => Promise.reject(new TypeError('Failed to fetch')),
    });

    await expect(apiClient.get('/api/usage/')).rejects.toBeInstanceOf(ApiNetworkError);
  });
});

describe('retry policy', () => {
  const httpError = (status: number) =>
    new ApiRequestError({ status, code: `HTTP_${status}`, message: 'failed' });

  it('retries network errors and HTTP 429, 500, 502, 503 and 504 only', () => {
    expect(isRetryableError(new ApiNetworkError('Network Error'))).toBe(true);
    for (const status of [429, 500, 502, 503, 504]) {
      expect(isRetryableError(httpError(status))).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 409, 422, 501]) {
      expect(isRetryableError(httpError(status))).toBe(false);
    }
    expect(isRetryableError(new Error('bug'))).toBe(false);
  });

  it('stops after 3 attempts in total', () => {
    // TanStack passes the number of failures before the current one.
    expect(shouldRetryRequest(0, httpError(503))).toBe(true);
    expect(shouldRetryRequest(1, httpError(503))).toBe(true);
    expect(shouldRetryRequest(2, httpError(503))).toBe(false);
  });
});
