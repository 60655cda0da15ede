import { CLINIC_MESSAGES, type ClinicAuditPage, type ClinicRole } from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepInvitationToken, pendingInvitationToken } from '../../../lib/clinic-invitation';
import { createUser } from '../../../testing/data-generators';
import { clinicPageHandlers, createClinic } from '../../../testing/clinic-page';
import {
  currentUserHandler,
  errorResponse,
  jsonResponse,
  mockApi,
  type ApiHandlers,
} from '../../../testing/mock-api';
import { withFallbackForOtherPages } from '../../../testing/mock-api-fallback';
import { renderApp } from '../../../testing/render-app';
import { signUpHandlers, submitSignUp, verifyEmailCode } from '../../../testing/sign-up';

/**
 * Docs/decisions/028 on the clinic pages: pending invitations and their Cancel, Leave clinic with
 * its confirmation, the Audit page's Target column and former members, and an invitee without an
 * account sent to sign up and joined without a click.
 */

const ada = createUser();
const TOKEN = 'a'.repeat(43);

const clinicOf = (role: ClinicRole) => createClinic(ada, role);

/** The clinic page's reads for a member of `role`; `clinic` is what GET /api/clinic answers. */
const clinicPageApi = (role: ClinicRole, more: ApiHandlers = {}) =>
  clinicPageHandlers(ada, role, more);

describe('pending invitations', () => {
  it('lists them for an admin, who cancels one; an owner’s invitation is the owners’ to cancel', async () => {
    let pending = [
      { id: 4, email: 'new@example.test', role: 'clinician', expiresAt: '2026-02-01T09:00:00Z' },
      { id: 5, email: 'boss@example.test', role: 'owner', expiresAt: '2026-02-01T09:00:00Z' },
    ];
    const { requests } = mockApi(
      clinicPageApi('admin', {
        'GET /api/clinic/invitations': () => jsonResponse(pending),
        'DELETE /api/clinic/invitations/4': () => {
          pending = pending.filter((invitation) => invitation.id !== 4);
          return jsonResponse(pending);
        },
      }),
    );
    const { user } = renderApp('/clinic');
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(await within(section).findByText('new@example.test')).toBeInTheDocument();
    expect(within(section).getByText('boss@example.test')).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Cancel the invitation to boss@example.test' }),
    ).not.toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'Cancel the invitation to new@example.test' }),
    );
    expect(
      await screen.findByText(
        'The invitation to new@example.test was cancelled; its link no longer works.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).queryByText('new@example.test')).not.toBeInTheDocument(),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/api/clinic/invitations/4' }),
    );
  });

  it('are not shown to a clinician', async () => {
    const { requests } = mockApi(clinicPageApi('clinician'));
    renderApp('/clinic');
    await screen.findByRole('heading', { level: 1, name: 'Harbour Clinic' });
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/clinic/invitations')).toBe(false);
  });
});

describe('leaving the clinic', () => {
  it('asks first; after leaving, the page offers to create a clinic', async () => {
    let member = true;
    const { requests } = mockApi(
      clinicPageApi('clinician', {
        'GET /api/clinic': () => jsonResponse({ clinic: member ? clinicOf('clinician') : null }),
        'POST /api/clinic/leave': () => {
          member = false;
          return jsonResponse({ clinic: null });
        },
      }),
    );
    const { user } = renderApp('/clinic');
    const section = await screen.findByRole('region', { name: 'Leave the clinic' });
    await user.click(within(section).getByRole('button', { name: 'Leave clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Harbour Clinic?' });
    // Staying sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.path === '/api/clinic/leave')).toBe(false);

    await user.click(within(section).getByRole('button', { name: 'Leave clinic' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave Harbour Clinic?' })).getByRole(
        'button',
        { name: 'Leave clinic' },
      ),
    );
    expect(await screen.findByText('You left Harbour Clinic.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Create a clinic' })).toBeInTheDocument();
    // Out of the clinic, its reads would be refused (404): none is sent again, not even to learn
    // that there is no clinic any more, which the leave's own answer said.
    const left = requests.findIndex((request) => request.path === '/api/clinic/leave');
    expect(requests.slice(left + 1).filter((r) => r.path.startsWith('/api/clinic'))).toEqual([]);
  });

  it('tells the last owner why they cannot, and keeps them in', async () => {
    mockApi(
      clinicPageApi('owner', {
        'GET /api/clinic/invitations': () => jsonResponse([]),
        'POST /api/clinic/leave': () =>
          errorResponse(409, 'CONFLICT', CLINIC_MESSAGES.lastOwnerLeaving),
      }),
    );
    const { user } = renderApp('/clinic');
    const section = await screen.findByRole('region', { name: 'Leave the clinic' });
    await user.click(within(section).getByRole('button', { name: 'Leave clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Harbour Clinic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave clinic' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CLINIC_MESSAGES.lastOwnerLeaving,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Harbour Clinic' })).toBeInTheDocument();
  });
});

describe('the Audit page', () => {
  const page: ClinicAuditPage = {
    events: [
      {
        id: 9,
        at: '2026-01-06T10:00:00.000Z',
        kind: 'clinic.member_removed',
        label: 'removed a member',
        userId: ada.cognitoId,
        actorName: 'Ada Lovelace',
        target: 'Colin Colleague (clinician)',
        targetUserId: 'user-2',
        sessionId: null,
        address: '10.0.0.1',
      },
      {
        id: 8,
        at: '2026-01-06T09:00:00.000Z',
        kind: 'session.opened',
        label: 'opened the session',
        userId: 'user-2',
        actorName: 'Colin Colleague',
        target: null,
        targetUserId: null,
        sessionId: 41,
        address: '10.0.0.2',
      },
    ],
    page: 1,
    pageSize: 50,
    total: 2,
    people: [
      { userId: ada.cognitoId, name: 'Ada Lovelace', former: false },
      { userId: 'user-2', name: 'Colin Colleague', former: true },
    ],
  };

  it('says whom each action was about, and filters by a former member', async () => {
    const { requests } = mockApi(
      clinicPageApi('admin', { 'GET /api/clinic/audit': () => jsonResponse(page) }),
    );
    const { user } = renderApp('/clinic/audit');
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Time', 'Member', 'Action', 'Target', 'Session', 'Address']);
    const removal = (await within(table).findByText('removed a member')).closest('tr')!;
    expect(within(removal).getByText('Colin Colleague (clinician)')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Member' }));
    expect(screen.getByRole('option', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Colin Colleague (former)' }));
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({ path: '/api/clinic/audit', search: '?userId=user-2&page=1' }),
      ),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/clinic/audit.csv?userId=user-2',
    );
  });
});

describe('an invitation link', () => {
  const invitee = createUser({
    profession: null,
    email: 'colin@example.test',
    firstName: 'Colin',
    lastName: 'Colleague',
  });

  /** Sign-up through the real pages, as in register.test.tsx, with the clinic's join at the end. */
  function mockSignUpAndJoin() {
    return mockApi(
      withFallbackForOtherPages({
        ...signUpHandlers(invitee, [{ id: 1, name: 'SOAP Note' }]),
        'POST /api/clinic/invitations/accept': () => jsonResponse(clinicOf('clinician')),
        'GET /api/clinic': () => jsonResponse({ clinic: clinicOf('clinician') }),
        'GET /api/clinic/templates': () => jsonResponse([]),
      }),
    );
  }

  it('sends an invitee without an account to sign up, then joins them without a click', async () => {
    const { requests } = mockSignUpAndJoin();
    // The link from the e-mail, token after `#`.
    window.history.replaceState(null, '', `/clinic/join#${TOKEN}`);
    const { user, router } = renderApp(`/clinic/join#${TOKEN}`);

    expect(await screen.findByText('You have been invited to join a clinic')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/register?invitation=1',
    );
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('link', { name: 'Login Here' })).toHaveAttribute(
      'href',
      '/login?invitation=1',
    );

    await submitSignUp(user, invitee);
    await verifyEmailCode(user);
    await screen.findByRole('heading', { name: "Let's set your profile up!" });
    await user.click(screen.getByRole('combobox', { name: 'Profession' }));
    await user.click(screen.getByRole('option', { name: 'General Practitioner' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbour Clinic' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clinic');
    expect(requests.filter((request) => request.path === '/api/clinic/invitations/accept')).toEqual(
      [expect.objectContaining({ method: 'POST', body: { token: TOKEN } })],
    );
    expect(screen.queryByRole('button', { name: 'Join the clinic' })).not.toBeInTheDocument();
    expect(pendingInvitationToken()).toBeNull();
  });

  it('keeps the Join button for a signed-in invitee, who joins with it', async () => {
    keepInvitationToken(TOKEN);
    const { requests } = mockApi(
      clinicPageApi('clinician', {
        'POST /api/clinic/invitations/accept': () => jsonResponse(clinicOf('clinician')),
      }),
    );
    const { user, router } = renderApp('/clinic/join');
    const join = await screen.findByRole('button', { name: 'Join the clinic' });
    await waitFor(() => expect(join).toBeEnabled());
    expect(requests.some((request) => request.path === '/api/clinic/invitations/accept')).toBe(
      false,
    );
    await user.click(join);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbour Clinic' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clinic');
  });

  it('sends a signed-out invitee with an account from sign-up to login and back to Join', async () => {
    keepInvitationToken(TOKEN);
    mockApi(withFallbackForOtherPages({ 'GET /api/users': currentUserHandler(null) }));
    const { user, router } = renderApp('/clinic/join');
    await user.click(await screen.findByRole('link', { name: 'Login Here' }));
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?invitation=1',
    );
    expect(screen.getByRole('link', { name: 'Register Here' })).toHaveAttribute(
      'href',
      '/register?invitation=1',
    );
  });
});
