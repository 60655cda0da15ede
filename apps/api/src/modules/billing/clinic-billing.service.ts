import {
  BILLING_ERROR_CODES as CODES,
  CLINIC_BILLING_MESSAGES,
  type CheckoutSession,
  type ClinicBilling,
  type ClinicRole,
} from '@clerkly/contracts';
import type { Db } from '../../db/client';
import { countSeats } from '../clinics/clinics.repository';
import { requireMember, requireOwner } from '../clinics/clinics.service';
import { findUserById } from '../users/users.repository';
import {
  findClinicCustomerId,
  findCurrentClinicSubscription,
  findUsableClinicSubscription,
  linkClinicCustomer,
} from './billing.repository';
import {
  BillingError,
  fromStripeError,
  openSubscriptionCheckout,
  requireStripe,
  toSubscription,
} from './billing.service';
import type { StripeClient } from './stripe-client';

/**
 * A clinic's subscription (issue 29 item 3, docs/decisions/027): one Stripe customer per clinic,
 * a Checkout in subscription mode for as many seats as the clinic has members, and Stripe's
 * billing portal for its owners. Any member reads the plan; only owners act on it. The membership
 * is checked before billing is: a clinician outside any clinic gets 404 whatever the server's
 * billing, another member 403.
 */
export interface ClinicBillingService {
  read(db: Db, userId: string): Promise<ClinicBilling>;
  checkout(
    db: Db,
    userId: string,
    priceId: string,
    idempotencyKey: string,
  ): Promise<CheckoutSession>;
  portal(db: Db, userId: string): Promise<{ url: string }>;
}

export function createClinicBillingService(
  stripe: StripeClient | null,
  options: { publicUrl: string },
): ClinicBillingService {
  const subscriptionPage = `${options.publicUrl}/subscription`;

  /** The clinic's Stripe customer, created once (the idempotency key joins concurrent firsts). */
  async function customerFor(
    client: StripeClient,
    db: Db,
    clinic: { clinicId: number; name: string },
    userId: string,
  ): Promise<string> {
    const existing = await findClinicCustomerId(db, clinic.clinicId);
    if (existing) return existing;
    const owner = await findUserById(db, userId);
    const customer = await client.customers.create(
      {
        name: clinic.name,
        // Invoices go to the owner who subscribed; they can change it in the portal.
        email: owner?.email,
        metadata: { clinicId: String(clinic.clinicId) },
      },
      { idempotencyKey: `clerkly-clinic-customer-${clinic.clinicId}` },
    );
    return linkClinicCustomer(db, clinic.clinicId, customer.id);
  }

  return {
    async read(db, userId) {
      const membership = await requireMember(db, userId);
      const [seats, row] = await Promise.all([
        countSeats(db, membership.clinicId),
        findCurrentClinicSubscription(db, membership.clinicId),
      ]);
      return {
        clinicName: membership.name,
        role: membership.role as ClinicRole,
        billingEnabled: stripe !== null,
        seats,
        subscription: row ? { ...toSubscription(row), quantity: row.quantity } : null,
      };
    },

    async checkout(db, userId, priceId, idempotencyKey) {
      const membership = await requireOwner(db, userId);
      const client = requireStripe(stripe);
      if (await findUsableClinicSubscription(db, membership.clinicId)) {
        throw new BillingError(
          409,
          CODES.alreadySubscribed,
          CLINIC_BILLING_MESSAGES.alreadySubscribed,
        );
      }
      return openSubscriptionCheckout(client, priceId, async () => {
        const customer = await customerFor(client, db, membership, userId);
        const seats = await countSeats(db, membership.clinicId);
        // The clinic id in both metadata: the completed checkout links the customer, and every
        // event of the subscription names the clinic it pays for.
        const metadata = { clinicId: String(membership.clinicId), userId };
        return client.checkout.sessions.create(
          {
            mode: 'subscription',
            customer,
            line_items: [{ price: priceId, quantity: seats }],
            success_url: `${subscriptionPage}?clinic_checkout=success`,
            cancel_url: subscriptionPage,
            subscription_data: { metadata },
            metadata,
          },
          {
            idempotencyKey: `clerkly-clinic-checkout-${membership.clinicId}-${idempotencyKey}`,
          },
        );
      });
    },

    async portal(db, userId) {
      const membership = await requireOwner(db, userId);
      const client = requireStripe(stripe);
      const customer = await findClinicCustomerId(db, membership.clinicId);
      if (!customer) {
        // 409, not 404: the clinic exists; it has not subscribed yet.
        throw new BillingError(409, CODES.noSubscription, CLINIC_BILLING_MESSAGES.noBillingAccount);
      }
      try {
        const session = await client.billingPortal.sessions.create({
          customer,
          return_url: subscriptionPage,
        });
        return { url: session.url };
      } catch (error) {
        return fromStripeError(error, 'The billing page could not be opened.');
      }
    },
  };
}
