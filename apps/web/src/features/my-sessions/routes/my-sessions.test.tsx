import {
  RECORD_SEND_FAILURES,
  TOASTS,
  type RecordSend,
  type PatientSessionDetail,
  type SessionActivity,
  type SavedSessionSummary,
  type SavedSessionsPage,
} from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import {
  errorResponse,
  jsonResponse,
  mockApiAs,
  type RecordedRequest,
} from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

type TestNote = { templateId: number; TemplateName: string; content: string };
type TestSession = { sessionId: number; firstName: string; createdAt: string; notes: TestNote[] };

let nextId = 1;
/** A saved session with one note (a SOAP Note unless `notes` says otherwise). */
function createSavedSession(
  overrides: Partial<Omit<TestSession, 'notes'>> & {
    notes?: Partial<TestNote>[];
    TemplateName?: string;
    notesContent?: string;
  } = {},
): TestSession {
  const sessionId = nextId++;
  const { TemplateName, notesContent, notes, ...rest } = overrides;
  return {
    sessionId,
    firstName: 'Ann Lee',
    createdAt: new Date(2025, 2, 10, 9, 30).toISOString(),
    ...rest,
    notes: (notes ?? [{}]).map((note, index) => ({
      templateId: index + 1,
      TemplateName: TemplateName ?? 'SOAP Note',
      content: notesContent ?? '<h2>Plan</h2><p>Rest for <strong>two</strong> days.</p>',
      ...note,
    })),
  };
}

/** `firstName`'s session saved at `createdAt` (a local time, as the list shows it). */
const sessionOf = (
  firstName: string,
  createdAt: Date,
  more: Parameters<typeof createSavedSession>[0] = {},
) => createSavedSession({ firstName, createdAt: createdAt.toISOString(), ...more });

/** 'Patient 01', 'Patient 02'…: the names of a long list, in order. */
const numberedPatient = (index: number) => `Patient ${String(index + 1).padStart(2, '0')}`;

const summaryOf = (session: TestSession): SavedSessionSummary => ({
  sessionId: session.sessionId,
  firstName: session.firstName,
  createdAt: session.createdAt,
  notes: session.notes.map((note) => ({
    id: session.sessionId * 100 + note.templateId,
    templateId: note.templateId,
    TemplateName: note.TemplateName,
  })),
});

/**
 * The paged list endpoint, answering like the server does: newest first, `from`/`to` applied,
 * `pageSize` sessions a page, `nextCursor` to continue (here simply the next index).
 */
function sessionsHandler(sessions: TestSession[], pageSize: number) {
  return ({ search }: RecordedRequest) => {
    const params = new URLSearchParams(search);
    const from = params.get('from');
    const to = params.get('to');
    const start = Number(params.get('cursor') ?? 0);
    const matching = sessions
      .filter(
        (session) =>
          (!from || Date.parse(session.createdAt) >= Date.parse(from)) &&
          (!to || Date.parse(session.createdAt) <= Date.parse(to)),
      )
      .sort(
        (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.sessionId - a.sessionId,
      );
    const end = start + pageSize;
    const page: SavedSessionsPage = {
      items: matching.slice(start, end).map(summaryOf),
      nextCursor: end < matching.length ? String(end) : null,
    };
    return jsonResponse(page);
  };
}

/** `GET /api/patient-sessions/{id}` for each session: where an opened note's text comes from. */
function sessionDetailHandlers(sessions: TestSession[]) {
  return Object.fromEntries(
    sessions.map((session) => {
      const detail: PatientSessionDetail = {
        id: session.sessionId,
        firstName: session.firstName,
        lastName: '',
        dateOfBirth: '2000-01-01',
        appointmentTypeId: 1,
        createdAt: session.createdAt,
        version: 2,
        transcript: '',
        duration: 60,
        savedAt: session.createdAt,
        notes: session.notes.map((note) => ({
          templateId: note.templateId,
          draft: null,
          content: note.content,
          savedAt: session.createdAt,
        })),
      };
      return [`GET /api/patient-sessions/${session.sessionId}`, () => jsonResponse(detail)];
    }),
  );
}

/**
 * The session's Activity, answering like the server: every reported copy becomes an event
 * (issue 23), after the save that is already there.
 */
function activityHandlers(sessions: TestSession[]) {
  return Object.fromEntries(
    sessions.flatMap((session) => {
      const path = `/api/patient-sessions/${session.sessionId}/activity`;
      const events: SessionActivity['events'] = [
        {
          id: 1,
          kind: 'session.saved',
          at: session.createdAt,
          actorName: 'Ada Lovelace',
          address: '192.0.2.1',
          templateNames: session.notes.map((note) => note.TemplateName),
          version: 2,
        },
      ];
      return [
        [
          `POST ${path}`,
          ({ body }: RecordedRequest) => {
            const { templateId } = body as { templateId: number };
            events.push({
              id: events.length + 1,
              kind: 'note.copied',
              at: new Date(2025, 2, 10, 10, 5).toISOString(),
              actorName: 'Ada Lovelace',
              address: '192.0.2.1',
              templateNames: session.notes
                .filter((note) => note.templateId === templateId)
                .map((note) => note.TemplateName),
              version: null,
            });
            return new Response(null, { status: 204 });
          },
        ],
        [`GET ${path}`, () => jsonResponse({ sessionId: session.sessionId, events })],
      ];
    }),
  );
}

const LIST_PATH = '/api/notes/user/user-1/page';

async function renderMySessions(
  sessions: TestSession[] | (() => Response),
  {
    pageSize = 30,
    record = {},
  }: { pageSize?: number; record?: Record<string, (request: RecordedRequest) => Response> } = {},
) {
  const api = mockApiAs(createUser(), {
    'GET /api/record-endpoint': () => jsonResponse({ kind: null }),
    ...record,
    [`GET ${LIST_PATH}`]: Array.isArray(sessions) ? sessionsHandler(sessions, pageSize) : sessions,
    ...(Array.isArray(sessions) ? sessionDetailHandlers(sessions) : {}),
    ...(Array.isArray(sessions) ? activityHandlers(sessions) : {}),
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
      sessionOf('Ann Lee', new Date(2025, 2, 3, 9)),
      sessionOf('Ann Lee', new Date(2025, 2, 12, 14, 5), { TemplateName: 'Referral Letter' }),
      sessionOf('Ben Ode', new Date(2025, 2, 11, 8)),
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
      createSavedSession({ firstName: 'Ann Lee' }),
      createSavedSession({ firstName: 'Ben Ode' }),
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
      sessionOf('Ann Lee', new Date(2025, 2, 1, 10)),
      sessionOf('Ben Ode', new Date(2025, 2, 5, 23, 30)),
      sessionOf('Cat Poe', new Date(2025, 2, 9, 10)),
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
    const filtered = requests.filter((r) => r.path === LIST_PATH).at(-1);
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

  it('loads more sessions on request, a page at a time, newest first', async () => {
    const sessions = Array.from({ length: 12 }, (_, i) =>
      sessionOf(numberedPatient(i), new Date(2025, 0, 1, 8, 12 - i)),
    );
    const { user, requests } = await renderMySessions(sessions, { pageSize: 5 });
    await screen.findByRole('table', { name: 'Patient sessions' });

    expect(patientNames()).toHaveLength(5);
    expect(patientNames()[0]).toBe('Patient 01');
    expect(screen.getByText('5 patients, more to load')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Load more sessions' }));
    await waitFor(() => expect(patientNames()).toHaveLength(10));
    expect(new URLSearchParams(requests.at(-1)?.search).get('cursor')).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Load more sessions' }));
    await waitFor(() => expect(patientNames()).toHaveLength(12));
    expect(patientNames().at(-1)).toBe('Patient 12');
    expect(screen.getByText('12 patients')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more sessions' })).toBeNull();
    expect(requests.filter((r) => r.path === LIST_PATH)).toHaveLength(3);
  });

  // Issue 26: focus fell to <body> after Load more (and the button goes with the last page).
  it('moves focus to the first new row after Load more, even when the button goes', async () => {
    const sessions = Array.from({ length: 7 }, (_, i) =>
      sessionOf(numberedPatient(i), new Date(2025, 0, 1, 8, 12 - i)),
    );
    const { user } = await renderMySessions(sessions, { pageSize: 5 });
    await screen.findByRole('table', { name: 'Patient sessions' });

    await user.click(screen.getByRole('button', { name: 'Load more sessions' }));
    await waitFor(() => expect(patientNames()).toHaveLength(7));
    const sixth = screen.getAllByRole('row')[6]!;
    await waitFor(() => expect(sixth).toHaveFocus());
    expect(sixth).toHaveTextContent('Patient 06');
    expect(screen.queryByRole('button', { name: 'Load more sessions' })).toBeNull();
  });

  it('keeps loading while a page holds only older days of patients already shown', async () => {
    const { user, requests } = await renderMySessions(
      [
        sessionOf('Ann Lee', new Date(2025, 2, 9, 9)),
        sessionOf('Ann Lee', new Date(2025, 2, 7, 9)),
        sessionOf('Ann Lee', new Date(2025, 2, 5, 9)),
        sessionOf('Ben Ode', new Date(2025, 2, 3, 9)),
        sessionOf('Cat Poe', new Date(2025, 2, 1, 9)),
      ],
      { pageSize: 1 },
    );
    await screen.findByRole('table', { name: 'Patient sessions' });
    expect(patientNames()).toEqual(['Ann Lee']);

    await user.click(screen.getByRole('button', { name: 'Load more sessions' }));

    // Pages 2 and 3 add no row (older days of Ann Lee); page 4 brings Ben Ode, and it stops there.
    await waitFor(() => expect(patientNames()).toEqual(['Ann Lee', 'Ben Ode']));
    expect(requests.filter((r) => r.path === LIST_PATH)).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Load more sessions' })).toBeVisible();
  });

  it('searches every page, not only the loaded ones', async () => {
    const sessions = Array.from({ length: 25 }, (_, i) =>
      sessionOf(i === 22 ? 'Zed Quill' : numberedPatient(i), new Date(2025, 0, 1, 8, 25 - i)),
    );
    const { user, requests } = await renderMySessions(sessions, { pageSize: 5 });
    await screen.findByRole('table', { name: 'Patient sessions' });
    expect(patientNames()).toHaveLength(5);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');

    await waitFor(() => expect(patientNames()).toEqual(['Zed Quill']));
    expect(requests.filter((r) => r.path === LIST_PATH)).toHaveLength(5);
  });

  it('shows a sanitised note in a modal and copies it as rich text', async () => {
    const rendered = await renderMySessions([
      createSavedSession({
        notesContent: '<h2>Plan</h2><p>Rest.</p><script>window.hacked = true</script>',
      }),
    ]);
    const { user } = rendered;
    const write = vi.fn(async (_items: ClipboardItem[]) => {});
    class FakeClipboardItem {
      constructor(readonly items: Record<string, Blob>) {}
    }
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    stubClipboard({ write, writeText: vi.fn() });

    const { requests } = rendered;
    expect(requests.some((r) => r.path.startsWith('/api/patient-sessions/'))).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));

    const dialog = await screen.findByRole('dialog', { name: 'SOAP Note' });
    // The list carries no note text: it is fetched when the note is opened.
    expect(await within(dialog).findByRole('heading', { name: 'Plan' })).toBeVisible();
    expect(requests.filter((r) => r.path.startsWith('/api/patient-sessions/'))).toHaveLength(1);
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

  it('reports a copy to the session’s Activity, which says who did what, when and from where', async () => {
    const rendered = await renderMySessions([createSavedSession()]);
    const { user, requests } = rendered;
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('ClipboardItem', undefined);
    stubClipboard({ writeText });

    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'SOAP Note' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(TOASTS.copiedPlain)).toBeVisible();
    const report = requests.find((r) => r.method === 'POST' && r.path.endsWith('/activity'));
    expect(report?.body).toEqual({ kind: 'note.copied', templateId: 1 });

    // Keyboard: the tabs are reached and switched without a pointer.
    within(dialog).getByRole('tab', { name: 'Note' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'Activity' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await within(dialog).findByText('Ada Lovelace copied a note (SOAP Note)')).toBeVisible();
    expect(
      within(dialog).getByText('Ada Lovelace saved the session (SOAP Note), version 2'),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('from 192.0.2.1');
  });

  it('falls back to plain text, and warns about an empty note', async () => {
    const { user } = await renderMySessions([
      createSavedSession({ firstName: 'Ann Lee', notesContent: 'Plain\nnote' }),
      createSavedSession({ firstName: 'Ben Ode', TemplateName: 'Care Plan', notesContent: '' }),
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
    const { user } = await renderMySessions([createSavedSession()]);
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
      fail
        ? errorResponse(400, 'BAD_REQUEST', 'Nope')
        : jsonResponse({ items: [summaryOf(createSavedSession())], nextCursor: null }),
    );

    expect(await screen.findByText('Your sessions could not be loaded')).toBeVisible();
    expect(screen.getByText('No patient sessions available.')).toBeVisible();
    expect(warn).toHaveBeenCalled();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table', { name: 'Patient sessions' })).toBeVisible();
  });
});

describe('Send to record (issue 28)', () => {
  const sendOf = (overrides: Partial<RecordSend>): RecordSend => ({
    templateId: 1,
    status: 'queued',
    attempts: 0,
    lastError: null,
    sentAt: null,
    remoteId: null,
    ...overrides,
  });

  it('is absent when the clinic has no record system', async () => {
    const { user, requests } = await renderMySessions([createSavedSession()]);
    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'SOAP Note' });
    expect(await within(dialog).findByRole('button', { name: /Export/ })).toBeEnabled();
    expect(requests.some((r) => r.path === '/api/record-endpoint')).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Send to record' })).toBeNull();
  });

  it('sends the note and shows when it reached the record, in local time', async () => {
    const session = createSavedSession();
    let sends: RecordSend[] = [];
    const sentAt = new Date();
    sentAt.setHours(14, 2, 0, 0);
    const { user, requests } = await renderMySessions([session], {
      record: {
        'GET /api/record-endpoint': () => jsonResponse({ kind: 'fhir' }),
        [`GET /api/patient-sessions/${session.sessionId}/record-sends`]: () =>
          jsonResponse({ sends }),
        [`POST /api/patient-sessions/${session.sessionId}/notes/1/send-to-record`]: () => {
          // The job files it at once here: the next read says where it stands.
          sends = [
            sendOf({
              status: 'sent',
              attempts: 1,
              sentAt: sentAt.toISOString(),
              remoteId: 'doc-1',
            }),
          ];
          return jsonResponse(sendOf({}), { status: 202 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'SOAP Note' });
    const button = await within(dialog).findByRole('button', { name: 'Send to record' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    // 14:02 local time, written as the clinician's locale writes a time of day.
    expect(await within(dialog).findByText(/^Sent to record at (14:02|2:02\sPM)$/)).toBeVisible();
    expect(
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/send-to-record')),
    ).toHaveLength(1);
  });

  it('shows why a send failed, and Retry sends it again', async () => {
    const session = createSavedSession();
    const reason = RECORD_SEND_FAILURES.unreachable('ehr.clinic.test:2575');
    let sends: RecordSend[] = [sendOf({ status: 'failed', attempts: 4, lastError: reason })];
    const { user, requests } = await renderMySessions([session], {
      record: {
        'GET /api/record-endpoint': () => jsonResponse({ kind: 'hl7' }),
        [`GET /api/patient-sessions/${session.sessionId}/record-sends`]: () =>
          jsonResponse({ sends }),
        [`POST /api/patient-sessions/${session.sessionId}/notes/1/send-to-record`]: () => {
          sends = [sendOf({})];
          return jsonResponse(sends[0], { status: 202 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'SOAP Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'SOAP Note' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent to the record');
    expect(alert).toHaveTextContent(reason);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Sending to the record…')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Send to record' })).toBeDisabled();
    expect(
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/send-to-record')),
    ).toHaveLength(1);
  });
});
