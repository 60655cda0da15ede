import { PRODUCT_NAME } from '@clerkly/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';

/** Header the API sets from Fastify's `request.ip`, so rate limits see the real client. */
export const CLIENT_IP_HEADER = 'x-clerkly-client-ip';

/**
 * The identity service: better-auth with e-mail + password and database sessions. Browsers get
 * an httpOnly session cookie; API clients may send `Authorization: Bearer <token>` (bearer plugin).
 */
export function createAuth(db: Db, config: AppConfig) {
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', usePlural: true, schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: {
      // Profile fields of spec point 3. Role and trial status are set by the server, never by
      // the sign-up payload.
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '' },
        lastName: { type: 'string', required: false, defaultValue: '' },
        profession: { type: 'string', required: false, input: false },
        commonTemplate: { type: 'string', required: false, defaultValue: '', input: false },
        commonConditions: { type: 'string', required: false, defaultValue: '', input: false },
        role: { type: 'string', required: false, defaultValue: 'USER', input: false },
        isTrial: { type: 'boolean', required: false, defaultValue: true, input: false },
        isDeleted: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
