import {
  TOASTS,
  type Clinic,
  type ClinicBilling,
  type ProductList,
  type Subscription,
  type Usage,
} from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import {
  errorResponse,
  jsonResponse,
  mockApiAs,
  type ApiHandlers,
} from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { redirectTo } from '../components/plans-modal';

const trialUsage: Usage = { isFreeTrial: true, sessions: 3, notes: 12, access: 'trial' };
const paidUsage: Usage = { isFreeTrial: false, sessions: 40, notes: 130, access: 'paid' };
const billingOff: ProductList = { billingEnabled: false, products: {} };
const catalogue: ProductList = {
  billingEnabled: true,
  products: {
    pro: {
      id: 'clerkly_pro',
      name: 'Clerkly Pro',
      metadata: {
        variationName: 'Pro',
        variationFeatures: 'Unlimited patient sessions,Unlimited notes',
        variationDescription: 'For clinicians who write notes every day.',
      },
      prices: [
        { id: 'price_month', currency: 'aud', unit_amount: 4900, recurring: { interval: 'month' } },
        { id: 'price_year', currency: 'aud', unit_amount: 49000, recurring: { interval: 'year' } },
      ],
    },
  },
};
const activeSubscription: Subscription = {
  id: 'sub_1',
  status: 'active',
  canceledAt: null,
  endDate: '2026-12-23T09:30:00.000Z',
  cancelAtPeriodEnd: false,
  planDuration: { stripePriceId: 'price_month' },
};

function renderSubscription(
  url: string,
  options: {
    usage?: Usage;
    subscription?: Subscription | null;
    products?: ProductList;
    handlers?: ApiHandlers;
  } = {},
) {
  const api = mockApiAs(createUser(), {
    'GET /api/usage/': () => jsonResponse(options.usage ?? trialUsage),
    'GET /api/subscriptions/user/current': () => jsonResponse(options.subscription ?? null),
    'GET /api/stripe/product-list': () => jsonResponse(options.products ?? billingOff),
    'GET /api/clinic': () => jsonResponse({ clinic: null }),
    ...options.handlers,
  });
  return { ...api, ...renderApp(url) };
}

describe('Subscription page', () => {
  it('shows a trial user Basic, Active, Free Forever and usage of 15 and of 45', async () => {
    const { requests } = renderSubscription('/subscription');
    const plan = await screen.findByLabelText('Current plan');
    expect(within(plan).getByText('Basic')).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('Free Forever')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Patient Sessions')).getByText(/of 15/),
    ).toBeInTheDocument();
    expect(within(screen.getByLabelText('Notes Created')).getByText(/of 45/)).toBeInTheDocument();
    expect(screen.getByLabelText('Template Access')).toHaveTextContent('4 templates per session');
    expect(screen.getByText('You have no active subscription')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    // Outside any clinic (issue 29): nothing about clinic billing, not even a request for it.
    expect(screen.getByRole('button', { name: 'Choose Plan' })).toBeInTheDocument();
    expect(screen.queryByText(/Paid by/)).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/api/clinic/billing'))).toBe(false);
  });

  it('opens the plans view by itself with ?plan, billing off: Basic and Enterprise only', async () => {
    renderSubscription('/subscription?plan=pro');
    const dialog = await screen.findByRole('dialog', { name: 'Choose Plan' });
    expect(within(dialog).getByText(/Current Plan:/)).toHaveTextContent('Current Plan: Basic');
    expect(within(dialog).getByText('AUD 0 forever')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Contact us').length).toBeGreaterThan(0);
    expect(
      await within(dialog).findByText(
        'Online payment is not set up on this server. Contact us to subscribe.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Choose Pro/ })).not.toBeInTheDocument();
  });

  it('lists paid plans per period and sends the browser to the checkout', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { user, requests } = renderSubscription('/subscription', {
      products: catalogue,
      handlers: {
        'POST /api/stripe/create-checkout-session': () =>
          jsonResponse({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Plan' });
    expect(await within(dialog).findByText('AUD 49.00/month')).toBeInTheDocument();
    expect(within(dialog).getByText('Unlimited notes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Annual' }));
    expect(await within(dialog).findByText('AUD 490.00/year')).toBeInTheDocument();
    expect(within(dialog).queryByText('AUD 49.00/month')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'),
    );
    const sent = requests.find((r) => r.path === '/api/stripe/create-checkout-session');
    expect(sent?.body).toEqual({ priceId: 'price_year' });
    expect((sent?.init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(
      /^[\w-]{8,}$/,
    );
    assign.mockRestore();
  });

  it("shows the server's message when checkout fails", async () => {
    const { user } = renderSubscription('/subscription', {
      products: catalogue,
      handlers: {
        'POST /api/stripe/create-checkout-session': () =>
          errorResponse(400, 'UNKNOWN_PRICE', 'This plan is not available.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Plan' });
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByText('This plan is not available.')).toBeInTheDocument();
  });

  it('shows a paid plan with its price and Renews, and cancels it after confirmation', async () => {
    let subscription: Subscription = activeSubscription;
    const { user, requests } = renderSubscription('/subscription', {
      usage: paidUsage,
      products: catalogue,
      handlers: {
        'GET /api/subscriptions/user/current': () => jsonResponse(subscription),
        'POST /api/stripe/cancel-subscription': () => {
          subscription = {
            ...subscription,
            canceledAt: '2026-11-30T10:00:00.000Z',
            cancelAtPeriodEnd: true,
          };
          return jsonResponse(subscription);
        },
      },
    });
    const plan = await screen.findByLabelText('Current plan');
    expect(await within(plan).findByText('AUD 49.00/month')).toBeInTheDocument();
    expect(within(plan).getByText('Pro')).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    const end = screen.getByLabelText('End date');
    expect(end).toHaveTextContent('Renews');
    expect(end).toHaveTextContent('12/23/26');
    expect(screen.getByLabelText('Patient Sessions')).not.toHaveTextContent('of 15');

    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    expect(
      within(confirm).getByText('Are you sure you want to cancel this subscription?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(TOASTS.subscriptionCancelled)).toBeInTheDocument();
    expect(await screen.findByText(/Your current plan ends on/)).toHaveTextContent('12/23/26');
    expect(screen.getByLabelText('End date')).toHaveTextContent('Plan ends');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/stripe/cancel-subscription')).toHaveLength(1);
  });

  it('says so when cancelling fails', async () => {
    const { user } = renderSubscription('/subscription', {
      usage: paidUsage,
      subscription: activeSubscription,
      products: catalogue,
      handlers: {
        'POST /api/stripe/cancel-subscription': () =>
          errorResponse(400, 'PAYMENT_PROVIDER_ERROR', 'No such subscription'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel Subscription' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    expect(await screen.findByText(TOASTS.cancelFailed)).toBeInTheDocument();
  });

  it('labels a trialing subscription Trial Ends', async () => {
    renderSubscription('/subscription', {
      usage: paidUsage,
      subscription: { ...activeSubscription, status: 'trialing' },
      products: catalogue,
    });
    expect(await screen.findByLabelText('End date')).toHaveTextContent('Trial Ends');
  });

  it('labels a subscription with neither end date nor cancellation Expired', async () => {
    renderSubscription('/subscription', {
      usage: { ...paidUsage, access: 'none' },
      subscription: { ...activeSubscription, status: 'incomplete_expired', endDate: null },
      products: catalogue,
    });
    const end = await screen.findByLabelText('End date');
    expect(end).toHaveTextContent('Expired');
    expect(screen.getByLabelText('Current plan')).toHaveTextContent('Incomplete expired');
    expect(screen.getByText('You have no active subscription')).toBeInTheDocument();
  });
});

describe('Subscription page in a clinic (issue 29 item 3)', () => {
  const clinicAs = (role: Clinic['role']): Clinic => ({
    id: 7,
    name: 'Harbour Clinic',
    role,
    members: [],
  });
  const clinicPlan = (role: Clinic['role'], paying: boolean): ClinicBilling => ({
    clinicName: 'Harbour Clinic',
    role,
    billingEnabled: true,
    seats: 3,
    subscription: paying ? { ...activeSubscription, id: 'sub_clinic', quantity: 3 } : null,
  });
  const inClinic = (role: Clinic['role'], paying: boolean, handlers: ApiHandlers = {}) =>
    renderSubscription('/subscription', {
      products: catalogue,
      handlers: {
        'GET /api/clinic': () => jsonResponse({ clinic: clinicAs(role) }),
        'GET /api/clinic/billing': () => jsonResponse(clinicPlan(role, paying)),
        ...handlers,
      },
    });

  it('shows a member of a paying clinic the plan, paid by the clinic, and nothing to buy', async () => {
    inClinic('clinician', true, { 'GET /api/usage/': () => jsonResponse(paidUsage) });
    const plan = await screen.findByLabelText('Current plan');
    expect(within(plan).getByText('Paid by Harbour Clinic')).toBeInTheDocument();
    expect(await within(plan).findByText('AUD 49.00/month per seat')).toBeInTheDocument();
    expect(within(plan).getByText('Pro')).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('3 seats')).toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toHaveTextContent('Renews');
    expect(screen.queryByText('Free Forever')).not.toBeInTheDocument();
    expect(screen.queryByText('You have no active subscription')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage clinic billing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe the clinic/ })).not.toBeInTheDocument();
  });

  it('lets the owner of a paying clinic open Stripe’s billing page', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { user, requests } = inClinic('owner', true, {
      'POST /api/clinic/billing/portal': () =>
        jsonResponse({ url: 'https://billing.stripe.com/p/session/test_1' }),
    });
    expect(await screen.findByText('Paid by Harbour Clinic')).toBeInTheDocument();
    expect(screen.getByText('Harbour Clinic: 3 seats in use.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage clinic billing' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'),
    );
    expect(requests.filter((r) => r.path === '/api/clinic/billing/portal')).toHaveLength(1);
    assign.mockRestore();
  });

  it('lets the owner subscribe the clinic for its seats, monthly or annually', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { user, requests } = inClinic('owner', false, {
      'POST /api/clinic/billing/checkout': () =>
        jsonResponse({ id: 'cs_test_c', url: 'https://checkout.stripe.com/c/pay/cs_test_c' }),
    });
    const plan = await screen.findByLabelText('Current plan');
    expect(within(plan).getByText('Free Forever')).toBeInTheDocument();
    expect(await screen.findByText('Pro: AUD 49.00/month per seat')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Annual' }));
    expect(await screen.findByText('Pro: AUD 490.00/year per seat')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe the clinic (3 seats)' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_c'),
    );
    const sent = requests.find((r) => r.path === '/api/clinic/billing/checkout');
    expect(sent?.body).toEqual({ priceId: 'price_year' });
    expect((sent?.init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(
      /^[\w-]{8,}$/,
    );
    assign.mockRestore();
  });

  it("shows the server's message when the clinic checkout is refused", async () => {
    const { user } = inClinic('owner', false, {
      'POST /api/clinic/billing/checkout': () =>
        errorResponse(409, 'ALREADY_SUBSCRIBED', 'The clinic already has an active subscription'),
    });
    await user.click(await screen.findByRole('button', { name: 'Subscribe the clinic (3 seats)' }));
    expect(
      await screen.findByText('The clinic already has an active subscription'),
    ).toBeInTheDocument();
  });

  it('tells a member of a clinic without a plan that its owners can subscribe', async () => {
    inClinic('admin', false);
    expect(
      await screen.findByText(
        'Your clinic has no paid plan; its owners can subscribe for every member.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current plan')).toHaveTextContent('Free Forever');
    expect(screen.getByRole('button', { name: 'Choose Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe the clinic/ })).not.toBeInTheDocument();
  });

  it('says the plan is on its way when the owner is back from the clinic checkout', async () => {
    renderSubscription('/subscription?clinic_checkout=success', {
      products: catalogue,
      handlers: {
        'GET /api/clinic': () => jsonResponse({ clinic: clinicAs('owner') }),
        'GET /api/clinic/billing': () => jsonResponse(clinicPlan('owner', false)),
      },
    });
    expect(
      await screen.findByText(
        'Payment received. The clinic’s plan shows here once Stripe confirms it.',
      ),
    ).toBeInTheDocument();
  });
});
