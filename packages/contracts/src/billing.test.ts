import { describe, expect, it } from 'vitest';
import { endDateLabel, formatPrice, isSubscriptionUsable } from './billing';

const end = '2026-12-23T00:00:00.000Z';

describe('end-date label (spec point 4)', () => {
  it.each([
    [{ status: 'trialing', canceledAt: null, endDate: end }, 'Trial Ends'],
    [{ status: 'trialing', canceledAt: end, endDate: end }, 'Trial Ends'],
    [{ status: 'active', canceledAt: null, endDate: end }, 'Renews'],
    [{ status: 'past_due', canceledAt: null, endDate: end }, 'Renews'],
    [{ status: 'active', canceledAt: end, endDate: end }, 'Plan ends'],
    [{ status: 'canceled', canceledAt: end, endDate: end }, 'Plan ends'],
    [{ status: 'canceled', canceledAt: end, endDate: null }, 'Plan ends'],
    [{ status: 'trialing', canceledAt: null, endDate: null }, 'Expired'],
    [{ status: 'canceled', canceledAt: null, endDate: null }, 'Expired'],
    [{ status: 'incomplete_expired', canceledAt: null, endDate: null }, 'Expired'],
  ] as const)('%o gives %s', (subscription, label) => {
    expect(endDateLabel(subscription)).toBe(label);
  });
});

describe('price display (spec point 9)', () => {
  it('divides by 100 with 2 decimals and upper-cases the currency', () => {
    expect(
      formatPrice({ currency: 'aud', unit_amount: 4900, recurring: { interval: 'month' } }),
    ).toBe('AUD 49.00/month');
    expect(
      formatPrice({ currency: 'aud', unit_amount: 49005, recurring: { interval: 'year' } }),
    ).toBe('AUD 490.05/year');
  });
});

describe('usable statuses (spec point 4)', () => {
  it('counts active and trialing only', () => {
    expect(['active', 'trialing', 'canceled', 'past_due', null].map(isSubscriptionUsable)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
