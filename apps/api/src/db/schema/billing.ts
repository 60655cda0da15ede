import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerIdColumn, users } from './auth';
import { clinics } from './clinics';

/**
 * Mirror of the payment provider's subscription state (spec point 3 "Subscription"), written only
 * by the Stripe webhook and by the cancel call's answer, never guessed by the app.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** Stripe's subscription id (`sub_...`). */
    id: text('id').primaryKey(),
    /** Who subscribed: the clinician, or for a clinic's subscription the owner who checked out. */
    userId: ownerIdColumn(),
    /**
     * Set for a clinic's subscription (issue 29 item 3): it pays for every member of the clinic,
     * not for `userId` alone; a clinician's own subscription has none.
     */
    // Cascade, not set null: a clinic's subscription must never turn into its subscriber's own.
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    /** Seats paid for (the Stripe item's quantity): a clinic's members, 1 for a clinician. */
    quantity: integer('quantity'),
    status: text('status').notNull(),
    stripePriceId: text('stripe_price_id'),
    stripeCustomerId: text('stripe_customer_id'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** End of the paid (or trial) period: when it renews, or when a cancelled plan stops. */
    endDate: timestamp('end_date', { withTimezone: true }),
    /**
     * `created` of the Stripe event this row was last written from. Stripe does not deliver
     * events in order, so an older event than this one never overwrites the row.
     */
    stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    index('subscriptions_clinic_idx').on(table.clinicId),
  ],
);

/** One Stripe customer per user, so every checkout and invoice lands on the same customer. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe event ids already applied. Inserted in the same transaction as the event's effect, so
 * each event changes the database exactly once however often Stripe delivers it.
 */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
