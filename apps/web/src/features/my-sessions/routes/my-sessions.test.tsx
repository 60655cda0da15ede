import { TOASTS, type SavedNote } from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import {
  currentUserHandler,
  errorResponse,
  jsonResponse,
  mockApi,
  type RecordedRequest,
} from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

let nextId = 1;
function createSavedNote(overrides: Partial<SavedNote> = {}): SavedNote {
  const id = nextId++;
  return {
    id,
    sessionId: id,
    templateId: 1,
    firstName: 'Ann Lee',
    createdAt: new Date(2025, 2, 10, 9, 30).toISOString(),
    TemplateName: 'SOAP Note',
    notesContent: '<h2>Plan</h2><p>Rest for <strong>two</strong> days.</p>',
    ...overrides,
  };
}

/** The notes endpoint, answering `from`/`to` like the server does. */
function notesHandler(notes: SavedNote[]) {
  return ({ search }: RecordedRequest) => {
    const params = new URLSearchParams(search);
    const from = params.get('from');
    const to = params.get('to');
    return jsonResponse(
      notes.filter(
        (note) =>
          (!from || Date.parse(note.createdAt) >= Date.parse(from)) &&
          (!to || Date.parse(note.createdAt) <= Date.parse(to)),
      ),
    );
  };
}

async function renderMySessions(notes: SavedNote[] | (() => Response)) {
  const api = mockApi({
    'GET /api/users': currentUserHandler(createUser()),
    'GET /api/notes/user/user-1': Array.isArray(notes) ? notesHandler(notes) : notes,
  });
  const app = renderApp('/my-sessions');
  await screen.findByRole('heading', { name: 'My Sessions' });
  return { ...app, ...api };
}

/** Replaces user-event's clipboard stub (set up by renderApp) for one test. */
function stubClipboard(clipboard: Partial<Clipboard>) {
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(clipboard as Clipboard);
}

const patientNames = () =>
  within(screen.getByRole('table', { name: 'Patient sessions' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('My Sessions', () => {
  it('lists the latest day of each patient, newest first, with date, name and notes', async () => {
    await renderMySessions([
      createSavedNote({ firstName: 'Ann Lee', createdAt: new Date(2025, 2, 3, 9).toISOString() }),
      createSavedNote({
        firstName: 'Ann Lee',
        createdAt: new Date(2025, 2, 12, 14, 5).toISOString(),
        TemplateName: 'Referral Letter',
      }),
      createSavedNote({ firstName: 'Ben Ode', createdAt: new Date(2025, 2, 11, 8).toISOString() }),
    ]);

    const table = await screen.findByRole('table', { name: 'Patient sessions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Patient Name', 'Notes']);
    expect(patientNames()).toEqual(['Ann Lee', 'Ben Ode']);
    const firstRow = within(table).getAllByRole('row')[1];
    expect(firstRow).toHaveTextContent('3/12/25, 2:05 PM');
    expect(within(firstRow!).getByRole('button', { name: 'Referral Letter' })).toBeVisible();
    expect(within(firstRow!).queryByRole('button', { name: 'SOAP Note' })).toBeNull();
  });

  it('searches by patient name and says when nobody matches', async () => {
    const { user } = await renderMySessions([
      createSavedNote({ firstName: 'Ann Lee' }),
      createSavedNote({ firstName: 'Ben Ode' }),
    ]);
    await screen.findByRole('table', { name: 'Patient sessions' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ben');
    expect(patientNames()).toEqual(['Ben Ode']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'x');
    expect(screen.getByText('No sessions found')).toBeVisible();
    expect(screen.getByText('No patients match your search criteria.')).toBeVisible();
  });

  it('applies a date range only when both dates are set, and clears it again', async () => {
    const { user, requests } = await renderMySessions([
      createSavedNote({ firstName: 'Ann Lee', createdAt: new Date(2025, 2, 1, 10).toISOString() }),
      createSavedNote({
        firstName: 'Ben Ode',
        createdAt: new Date(2025, 2, 5, 23, 30).toISOString(),
      }),
      createSavedNote({ firstName: 'Cat Poe', createdAt: new Date(2025, 2, 9, 10).toISOString() }),
    ]);
    await screen.findByRole('table', { name: 'Patient sessions' });
    expect(patientNames()).toEqual(['Cat Poe', 'Ben Ode', 'Ann Lee']);

    const apply = screen.getByRole('button', { name: 'Apply Filter' });
    expect(apply).toBeDisabled();
    await user.type(screen.getByLabelText('From Date'), '2025-03-02');
    expect(apply).toBeDisabled();
    // Spec point 5: To has From as minimum.
    expect(screen.getByLabelText('To Date')).toHaveAttribute('min', '2025-03-02');
    await user.type(screen.getByLabelText('To Date'), '2025-03-05');
    expect(apply).toBeEnabled();

    await user.click(apply);

    // The whole To day counts: the 23:30 session of the 5th is in.
    await waitFor(() => expect(patientNames()).toEqual(['Ben Ode']));
    const filtered = requests.filter((r) => r.path === '/api/notes/user/user-1').at(-1);
    const params = new URLSearchParams(filtered?.search);
    expect(new Date(params.get('from') ?? '')).toEqual(new Date(2025, 2, 2));
    expect(new Date(params.get('to') ?? '')).toEqual(new Date(2025, 2, 5, 23, 59, 59, 999));

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));

    await waitFor(() => expect(patientNames()).toEqual(['Cat Poe', 'Ben Ode', 'Ann Lee']));
    expect(screen.getByLabelText('From Date')).toHaveValue('');
    expect(screen.getByLabelText('To Date')).toHaveValue('');
    expect(apply).toBeDisabled();
  });

  it('says when there are no sessions at all', async () => {
    await renderMySessions([]);

    expect(await screen.findByText('No sessions found')).toBeVisible();
    expect(screen.getByText('No patient sessions available.')).toBeVisible();
  });

  it('pages through many patients 25 at a time', async () => {
    const notes = Array.from({ length: 60 }, (_, i) =>
      createSavedNote({
        firstName: `Patient ${String(i + 1).padStart(2, '0')}`,
        createdAt: new Date(2025, 0, 1, 8, 60 - i).toISOString(),
      }),
    );
    const { user } = await renderMySessions(notes);
    await screen.findByRole('table', { name: 'Patient sessions' });

    expect(patientNames()).toHaveLength(25);
    expect(patientNames()[0]).toBe('Patient 01');
    expect(screen.getByText('60 patients')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));

    expect(patientNames()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Patient ${String(51 + i).padStart(2, '0')}`),
    );
  });

  it('shows a sanitised note in a modal and copies it as rich text', async () => {
    const { user } = await renderMySessions([
      createSavedNote({
        notesContent: '<h2>Plan</h2><p>Rest.</p><script>window.hacked = true</script>',
      }),
    ]);
    const write = vi.fn(async (_items: ClipboardItem[]) => {});
    class FakeClipboardItem {
      constructor(readonly items: Record<string, Blob>) {}
    }
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    stubClipboard({ write, writeText: vi.fn() });

    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));

    const dialog = await screen.findByRole('dialog', { name: 'SOAP Note' });
    expect(within(dialog).getByRole('heading', { name: 'Plan' })).toBeVisible();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog).toHaveTextContent('Ann Lee · 3/10/25, 9:30 AM');

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText(TOASTS.copiedRich)).toBeVisible();
    const item = write.mock.calls[0]?.[0][0] as unknown as FakeClipboardItem;
    expect(await item.items['text/plain']?.text()).toBe('Plan\n\nRest.');
    expect(await item.items['text/html']?.text()).toBe('<h2>Plan</h2><p>Rest.</p>');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('falls back to plain text, and warns about an empty note', async () => {
    const { user } = await renderMySessions([
      createSavedNote({ firstName: 'Ann Lee', notesContent: 'Plain\nnote' }),
      createSavedNote({ firstName: 'Ben Ode', TemplateName: 'Care Plan', notesContent: '' }),
    ]);
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('ClipboardItem', undefined);
    stubClipboard({ writeText });

    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy' }),
    );
    expect(await screen.findByText(TOASTS.copiedPlain)).toBeVisible();
    expect(writeText).toHaveBeenCalledWith('Plain\nnote');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Care Plan' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Care Plan' })).getByRole('button', {
        name: 'Copy',
      }),
    );
    expect(await screen.findByText(TOASTS.noContentToCopy)).toBeVisible();
  });

  it('says so when copying fails', async () => {
    const { user } = await renderMySessions([createSavedNote()]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('ClipboardItem', undefined);
    stubClipboard({
      writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')),
    });

    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy' }),
    );

    expect(await screen.findByText(TOASTS.copyFailed)).toBeVisible();
  });

  it('shows an empty list and a retry when the notes cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { user } = await renderMySessions(() =>
      fail ? errorResponse(400, 'BAD_REQUEST', 'Nope') : jsonResponse([createSavedNote()]),
    );

    expect(await screen.findByText('Your sessions could not be loaded')).toBeVisible();
    expect(screen.getByText('No patient sessions available.')).toBeVisible();
    expect(warn).toHaveBeenCalled();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table', { name: 'Patient sessions' })).toBeVisible();
  });
});
