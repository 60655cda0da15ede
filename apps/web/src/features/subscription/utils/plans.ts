import {
  type BillingInterval,
  type Price,
  type Product,
  type ProductList,
} from '@clerkly/contracts';

/** Spec point 9: "Dates shown en-US short with hour and minute". */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });

/** variationFeatures is comma-separated (spec point 3). */
export const featuresOf = (product: Product) =>
  product.metadata.variationFeatures
    .split(',')
    .map((feature) => feature.trim())
    .filter(Boolean);

export interface PaidPlan {
  key: string;
  product: Product;
  price: Price;
}

/** The paid plans offered for one interval (the Monthly/Annual toggle), cheapest first. */
export function plansFor(list: ProductList | undefined, interval: BillingInterval): PaidPlan[] {
  if (!list) return [];
  return Object.entries(list.products)
    .flatMap(([key, product]) =>
      product.prices
        .filter((price) => price.recurring.interval === interval)
        .map((price) => ({ key, product, price })),
    )
    .sort((a, b) => a.price.unit_amount - b.price.unit_amount);
}

/** Stripe's status as a badge: "active" → "Active", "past_due" → "Past due". */
export const statusLabel = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
