import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../lib/auth/current-user';
import { apiClient } from '../lib/api-client';
import { createUser } from '../testing/data-generators';
import { errorResponse, mockApi } from '../testing/mock-api';
import { createAppQueryClient } from './query-client';

describe('app query client', () => {
  it('forgets the signed-in user and their cached data when any call answers 401', async () => {
    mockApi({
      'GET /api/usage/': () => errorResponse(401, 'UNAUTHORIZED', 'Session expired'),
    });
    const queryClient = createAppQueryClient({ retryDelay: 0 });
    queryClient.setQueryData(currentUserQueryKey, createUser());
    queryClient.setQueryData(['templates'], [{ id: 1, name: 'SOAP' }]);

    await expect(
      queryClient.fetchQuery({ queryKey: ['usage'], queryFn: () => apiClient.get('/api/usage/') }),
    ).rejects.toMatchObject({ status: 401 });

    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['templates'])).toBeUndefined();
  });

  it('retries a query on 503 up to 3 attempts, and a 404 not at all', async () => {
    const { requests } = mockApi({
      'GET /api/flaky': () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'Busy'),
      'GET /api/missing': () => errorResponse(404, 'NOT_FOUND', 'Not found'),
    });
    const queryClient = createAppQueryClient({ retryDelay: 0 });
    const observe = (path: string) =>
      new Promise<void>((resolve) => {
        const observer = new QueryObserver(queryClient, {
          queryKey: [path],
          queryFn: () => apiClient.get(path),
        });
        const unsubscribe = observer.subscribe((result) => {
          if (result.isError) {
            unsubscribe();
            resolve();
          }
        });
      });

    await observe('/api/flaky');
    await observe('/api/missing');

    expect(requests.filter((r) => r.path === '/api/flaky')).toHaveLength(3);
    expect(requests.filter((r) => r.path === '/api/missing')).toHaveLength(1);
  });
});
