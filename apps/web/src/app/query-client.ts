import { clearCurrentUser } from '../lib/auth/current-user';
import { createQueryClient, type CreateQueryClientOptions } from '../lib/query-client';

/**
 * The app's query client: a 401 from any call means the session is gone, so the client auth
 * state is cleared and the route guards send the visitor to /login.
 */
export const createAppQueryClient = (
  options: Omit<CreateQueryClientOptions, 'onUnauthorized'> = {},
) => createQueryClient({ ...options, onUnauthorized: clearCurrentUser });
