import type { ClinicRetentionStatus, ClinicRole } from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import { clinicPageHandlers } from '../../../testing/clinic-page';
import { jsonResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const ada = createUser();

/** The clinic page of a member of `role`; the server keeps the retention it is sent. */
async function renderClinic(role: ClinicRole) {
  let status: ClinicRetentionStatus = { retention: 'forever', dueCount: 0, oldestDueAt: null };
  const api = mockApi(
    clinicPageHandlers(ada, role, {
      'GET /api/clinic/invitations': () => jsonResponse([]),
      'GET /api/clinic/retention': () => jsonResponse(status),
      'PUT /api/clinic/retention': (request) => {
        const { retention } = request.body as { retention: ClinicRetentionStatus['retention'] };
        status =
          retention === '30d'
            ? { retention, dueCount: 3, oldestDueAt: '2025-03-14T10:00:00.000Z' }
            : { retention, dueCount: 0, oldestDueAt: null };
        return jsonResponse(status);
      },
    }),
  );
  const app = renderApp('/clinic');
  const section = await screen.findByRole('region', { name: 'Retention' });
  return { ...app, ...api, section };
}

describe('clinic retention setting', () => {
  it('an owner sees "forever", chooses 30 days and is told what the next run deletes', async () => {
    const { user, requests, section } = await renderClinic('owner');
    const select = within(section).getByRole('combobox', { name: 'Keep saved sessions for' });
    expect(select).toHaveValue('Forever');
    expect(within(section).getByRole('status')).toHaveTextContent(
      'Saved sessions are kept forever; none are deleted.',
    );

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '30 days' }));

    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        /^3 saved sessions will be deleted at the next daily run \(03:00 UTC\); the oldest is from .*2025\.$/,
      ),
    );
    expect(within(section).getByRole('combobox', { name: 'Keep saved sessions for' })).toHaveValue(
      '30 days',
    );
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: '/api/clinic/retention',
        body: { retention: '30d' },
      }),
    );
  });

  it('an admin sees the setting but cannot change it', async () => {
    const { section, requests } = await renderClinic('admin');
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(section).getByText('Saved sessions are kept for: Forever')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
