import { z } from 'zod';

/*
 * Its own module, apart from the session schemas in sessions.ts: Create Notes' first screen waits
 * for usage, so the web app's entry reads it, and importing sessions.ts would build every session
 * schema before the first screen (issue 25).
 */

/** Spec point 7 `GET /api/usage/`. */
export const usageSchema = z.object({
  isFreeTrial: z.boolean(),
  sessions: z.number().int(),
  notes: z.number().int(),
  /**
   * Beyond the spec: what the user may do. `paid` (active or trialing subscription), `trial`,
   * `unlimited` (limits switched off by the server) or `none` (must subscribe).
   */
  access: z.enum(['unlimited', 'paid', 'trial', 'none']).optional(),
});
export type Usage = z.infer<typeof usageSchema>;
