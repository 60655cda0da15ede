import type { BillingInterval } from '@clerkly/contracts';

/**
 * The paid plans created in a Stripe account by `npm run -s cli -- stripe-seed` (issue 10).
 * Product ids and price lookup keys are fixed, so seeding twice changes nothing. Basic (the free
 * trial) and Enterprise (contact us) are not Stripe products.
 */
export interface CataloguePlan {
  /** Stripe product id, also the key the product list groups by. */
  productId: string;
  name: string;
  metadata: {
    key: string;
    variationName: string;
    variationFeatures: string;
    variationDescription: string;
  };
  prices: { lookupKey: string; interval: BillingInterval; unitAmount: number }[];
}

export const BILLING_CURRENCY = 'aud';

export const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  {
    productId: 'clerkly_pro',
    name: 'Clerkly Pro',
    metadata: {
      key: 'pro',
      variationName: 'Pro',
      variationFeatures:
        'Unlimited patient sessions,Unlimited notes,All templates in every session,Email support',
      variationDescription: 'For clinicians who write notes every day.',
    },
    prices: [
      { lookupKey: 'clerkly_pro_monthly_aud', interval: 'month', unitAmount: 4900 },
      { lookupKey: 'clerkly_pro_annual_aud', interval: 'year', unitAmount: 49000 },
    ],
  },
];
