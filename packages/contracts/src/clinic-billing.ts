import { z } from 'zod';
import { subscriptionSchema } from './billing';
import { CLINIC_ROLES, type ClinicRole } from './clinics';

/**
 * Clinic billing (issue 29 item 3, docs/decisions/027): a clinic subscribes once for its members.
 * The subscription's quantity follows the clinic's seats, and every member of a clinic with a
 * usable subscription is a paid user.
 */

/** The roles that take a seat: every member, whatever they do in the clinic. */
export const CLINIC_SEAT_ROLES: readonly ClinicRole[] = CLINIC_ROLES;

/** `GET /api/clinic/billing`: what any member sees of the clinic's plan. */
export const clinicBillingSchema = z.object({
  clinicName: z.string(),
  /** The caller's role: only owners manage the plan. */
  role: z.enum(CLINIC_ROLES),
  /** False when the server has no Stripe account: nothing to subscribe to. */
  billingEnabled: z.boolean(),
  /** Members who take a seat now. */
  seats: z.number().int(),
  /** The clinic's current subscription (usable first, else the latest), or null. */
  subscription: subscriptionSchema.extend({ quantity: z.number().int().nullable() }).nullable(),
});
export type ClinicBilling = z.infer<typeof clinicBillingSchema>;

/** `POST /api/clinic/billing/portal`: Stripe's billing portal for the clinic's customer. */
export const billingPortalSchema = z.object({ url: z.string().url() });

export const CLINIC_BILLING_MESSAGES = {
  paidBy: (clinicName: string) => `Paid by ${clinicName}`,
  alreadySubscribed: 'The clinic already has an active subscription',
  noBillingAccount: 'The clinic has no subscription to manage yet',
  subscribe: (seats: number) => `Subscribe the clinic (${seats} ${seats === 1 ? 'seat' : 'seats'})`,
  manage: 'Manage clinic billing',
  askOwner: 'Your clinic has no paid plan; its owners can subscribe for every member.',
  activating: 'Payment received. The clinic’s plan shows here once Stripe confirms it.',
} as const;
