import { formatPrice } from '@clerkly/contracts';
import { BILLING_CURRENCY, PLAN_CATALOGUE, type CataloguePlan } from './catalogue';
import type { StripeClient } from './stripe-client';

const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

/**
 * Creates the plan catalogue (products and their AUD monthly and annual prices) in a Stripe
 * account, or leaves it as it is when already there: products have fixed ids and prices fixed
 * lookup keys, and every create carries an idempotency key. A price whose amount changed gets a
 * new price that takes over the lookup key (Stripe prices are immutable). Returns what it did.
 */
export async function seedStripeCatalogue(
  stripe: StripeClient,
  catalogue: readonly CataloguePlan[] = PLAN_CATALOGUE,
): Promise<string[]> {
  const report: string[] = [];
  for (const plan of catalogue) {
    const description = plan.metadata.variationDescription;
    const existing = await stripe.products.retrieve(plan.productId).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!existing) {
      await stripe.products.create(
        { id: plan.productId, name: plan.name, description, metadata: plan.metadata },
        { idempotencyKey: `clerkly-seed-product-${plan.productId}` },
      );
      report.push(`product ${plan.productId}: created`);
    } else {
      await stripe.products.update(plan.productId, {
        name: plan.name,
        description,
        metadata: plan.metadata,
        active: true,
      });
      report.push(`product ${plan.productId}: kept (name and metadata refreshed)`);
    }

    const prices = await stripe.prices.list({
      lookup_keys: plan.prices.map((price) => price.lookupKey),
      active: true,
      limit: 100,
    });
    for (const wanted of plan.prices) {
      const shown = formatPrice({
        currency: BILLING_CURRENCY,
        unit_amount: wanted.unitAmount,
        recurring: { interval: wanted.interval },
      });
      const found = prices.data.find((price) => price.lookup_key === wanted.lookupKey);
      if (
        found &&
        found.unit_amount === wanted.unitAmount &&
        found.currency === BILLING_CURRENCY &&
        found.recurring?.interval === wanted.interval
      ) {
        report.push(`price ${wanted.lookupKey}: kept ${shown} (${found.id})`);
        continue;
      }
      const created = await stripe.prices.create(
        {
          product: plan.productId,
          currency: BILLING_CURRENCY,
          unit_amount: wanted.unitAmount,
          recurring: { interval: wanted.interval },
          lookup_key: wanted.lookupKey,
          transfer_lookup_key: true,
          metadata: { key: plan.metadata.key },
        },
        {
          idempotencyKey: `clerkly-seed-price-${wanted.lookupKey}-${wanted.unitAmount}-${wanted.interval}`,
        },
      );
      report.push(`price ${wanted.lookupKey}: created ${shown} (${created.id})`);
    }
  }
  return report;
}
