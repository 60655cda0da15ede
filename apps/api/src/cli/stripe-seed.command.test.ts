import { describe, expect, it } from 'vitest';
import { startStripeServer } from '../../test/fixtures/stripe/stripe-server';
import { main } from './main';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => err.push(s) },
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

describe('stripe-seed command', () => {
  it('creates the AUD monthly and annual prices once; a second run keeps them', async () => {
    const stripe = await startStripeServer({ emptyAccount: true });
    const saved = { ...process.env };
    process.env.STRIPE_SECRET_KEY = 'sk_test_seed';
    process.env.STRIPE_API_URL = stripe.url;
    try {
      const first = captureIo();
      expect(await main(['stripe-seed'], first.io)).toBe(0);
      expect(first.out()).toContain('product clerkly_pro: created');
      expect(first.out()).toMatch(/price clerkly_pro_monthly_aud: created AUD 49\.00\/month/);
      expect(first.out()).toMatch(/price clerkly_pro_annual_aud: created AUD 490\.00\/year/);
      const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices');
      expect(created.map((r) => r.form.get('currency'))).toEqual(['aud', 'aud']);
      expect(
        created.every((r) => /^clerkly-seed-price-/.test(String(r.headers['idempotency-key']))),
      ).toBe(true);

      const second = captureIo();
      expect(await main(['stripe-seed'], second.io)).toBe(0);
      expect(second.out()).toContain('product clerkly_pro: kept');
      expect(second.out()).toMatch(/price clerkly_pro_monthly_aud: kept AUD 49\.00\/month/);
      expect(
        stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices'),
      ).toHaveLength(2);
    } finally {
      process.env = saved;
      await stripe.close();
    }
  });

  it('exits 2 with a reason when no key is set', async () => {
    const saved = { ...process.env };
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const run = captureIo();
      expect(await main(['stripe-seed'], run.io)).toBe(2);
      expect(run.err()).toContain('STRIPE_SECRET_KEY is not set');
      expect(run.out()).toBe('');
    } finally {
      process.env = saved;
    }
  });
});
