import { TOASTS, VALIDATION_MESSAGES as M, type CurrentUser } from '@clerkly/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import { fill } from '../../../testing/fill';
import { errorResponse, jsonResponse, mockApi, type ApiHandlers } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const ada = createUser({
  profession: 'Cardiologist',
  commonTemplate: '1,5',
  commonConditions: 'Atrial fibrillation',
});

function mockProfile(more: ApiHandlers = {}) {
  let current: CurrentUser = ada;
  return mockApi({
    'GET /api/users': () => jsonResponse(current),
    'GET /api/templates/': () =>
      jsonResponse([
        { id: 1, name: 'SOAP Note' },
        { id: 5, name: 'Referral Letter' },
        { id: 9, name: 'Medical Certificate' },
      ]),
    'PUT /api/users/profile': ({ body }) => {
      current = { ...current, ...(body as Partial<CurrentUser>) };
      return jsonResponse(current);
    },
    'POST /api/auth/change-password': () => jsonResponse({ token: 't', user: {} }),
    ...more,
  });
}

async function renderProfile() {
  const app = renderApp('/profile');
  await screen.findByRole('textbox', { name: /First Name/ });
  return app;
}

const settings = () => screen.getByRole('region', { name: 'Profile settings' });
const passwordSection = () => screen.getByRole('region', { name: 'Change Password' });

describe('profile settings', () => {
  it('shows the profile with a read-only e-mail and saves changes', async () => {
    const { requests } = mockProfile();
    const { user } = await renderProfile();

    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(ada.email);
    expect(screen.getByRole('combobox', { name: 'Profession' })).toHaveValue('Cardiologist');
    // Ids "1,5" are shown as the chosen templates once the template list has loaded.
    const template = (name: string) => screen.findByRole('option', { name, hidden: true });
    expect(await template('SOAP Note')).toHaveAttribute('aria-selected', 'true');
    expect(await template('Referral Letter')).toHaveAttribute('aria-selected', 'true');
    expect(await template('Medical Certificate')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('textbox', { name: /Common conditions/ })).toHaveValue(
      'Atrial fibrillation',
    );

    await fill(user, screen.getByRole('textbox', { name: /Last Name/ }), 'King');
    await user.click(within(settings()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(TOASTS.profileSaved)).toBeInTheDocument();
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: '/api/users/profile',
        body: {
          firstName: 'Ada',
          lastName: 'King',
          profession: 'Cardiologist',
          commonTemplate: '1,5',
          commonConditions: 'Atrial fibrillation',
        },
      }),
    );
    // The user menu hears about the new name.
    await user.click(screen.getByRole('button', { name: /Open user menu$/ }));
    expect(
      await within(await screen.findByRole('menu')).findByText('Ada King'),
    ).toBeInTheDocument();
  });

  it('requires both names', async () => {
    const { requests } = mockProfile();
    const { user } = await renderProfile();

    await user.clear(screen.getByRole('textbox', { name: /First Name/ }));
    await user.clear(screen.getByRole('textbox', { name: /Last Name/ }));
    await user.click(within(settings()).getByRole('button', { name: 'Save' }));

    expect(screen.getByText(M.profileFirstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.profileLastNameRequired)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('says "Error updating your profile" when saving fails', async () => {
    mockProfile({ 'PUT /api/users/profile': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom') });
    const { user } = await renderProfile();

    await user.click(within(settings()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(TOASTS.profileSaveFailed)).toBeInTheDocument();
  });
});

describe('change password', () => {
  const current = () => within(passwordSection()).getByLabelText(/^Current Password/);
  const next = () => within(passwordSection()).getByLabelText(/^New Password/);
  const submit = (user: ReturnType<typeof renderApp>['user']) =>
    user.click(within(passwordSection()).getByRole('button', { name: 'Update Password' }));

  it('checks both fields, then updates the password and clears the form', async () => {
    const { requests } = mockProfile();
    const { user } = await renderProfile();

    await submit(user);
    expect(screen.getByText(M.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(M.passwordRequired)).toBeInTheDocument();

    await fill(user, current(), 'Old$ecret1');
    await fill(user, next(), 'short');
    expect(screen.getByText(M.passwordPolicy)).toBeInTheDocument();

    await fill(user, next(), 'N3w$ecret!');
    await submit(user);

    expect(await screen.findByText(TOASTS.passwordUpdated)).toBeInTheDocument();
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
    expect(requests).toContainEqual(
      expect.objectContaining({
        path: '/api/auth/change-password',
        body: {
          currentPassword: 'Old$ecret1',
          newPassword: 'N3w$ecret!',
          revokeOtherSessions: true,
        },
      }),
    );
  });

  it('says "Failed updating password" when the current password is wrong', async () => {
    mockProfile({
      'POST /api/auth/change-password': () =>
        errorResponse(400, 'INVALID_PASSWORD', 'Invalid password'),
    });
    const { user } = await renderProfile();

    await fill(user, current(), 'Wr0ng$ecret');
    await fill(user, next(), 'N3w$ecret!');
    await submit(user);

    expect(await screen.findByText(TOASTS.passwordChangeFailed)).toBeInTheDocument();
    expect(current()).toHaveValue('Wr0ng$ecret');
  });
});
