import { LIMIT_MESSAGES, VALIDATION_MESSAGES, type Usage } from '@clerkly/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPatientSession, createUser } from '../../../testing/data-generators';
import { fill } from '../../../testing/fill';
import {
  errorResponse,
  jsonResponse,
  mockApiAs,
  type ApiHandlers,
} from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

// The app loads these on demand (issue 13); loaded once here rather than inside the first test.
beforeAll(async () => {
  await import('../components/record-stage');
  await import('../components/notes-stage');
  await import('../components/welcome-dialog');
});

const TEMPLATES = [
  { id: 1, name: 'SOAP Note' },
  { id: 2, name: 'Referral Letter' },
  { id: 3, name: 'Progress Note' },
  { id: 4, name: 'Care Plan' },
  { id: 18, name: 'Medical Certificate – Work' },
];

const createdSession = createPatientSession({ appointmentTypeId: 2 });

async function renderCreateNotes(
  overrides: ApiHandlers = {},
  usage: Usage = { isFreeTrial: true, sessions: 0, notes: 0 },
) {
  const api = mockApiAs(createUser(), {
    'GET /api/usage/': () => jsonResponse(usage),
    'GET /api/appointment-type/': () =>
      jsonResponse([
        { id: 1, name: 'General Consult' },
        { id: 2, name: 'Follow-up' },
      ]),
    'GET /api/templates/': () => jsonResponse(TEMPLATES),
    'POST /api/patient-sessions/': () => jsonResponse(createdSession, { status: 201 }),
    ...overrides,
  });
  const app = renderApp('/create-notes');
  // The page is loaded on demand: the first render of a run takes a moment.
  await screen.findByRole('heading', { name: 'New patient session' });
  return { ...app, ...api };
}

const startSessionButton = () => screen.queryByRole('button', { name: 'Start Session' });

describe('Create Notes: create session', () => {
  it('blocks the session when the patient does not consent', async () => {
    const { user } = await renderCreateNotes();
    await user.click(await screen.findByRole('radio', { name: 'No' }));

    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.consentRequired);
    expect(startSessionButton()).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(startSessionButton()).toBeInTheDocument();
  });

  it('asks for the patient name and the consent', async () => {
    const { user, requests } = await renderCreateNotes();
    await user.click(await screen.findByRole('button', { name: 'Start Session' }));

    expect(screen.getByText(VALIDATION_MESSAGES.patientNameRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.consentRequired)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates the session with the name as entered, then offers recording and templates', async () => {
    const { user, requests } = await renderCreateNotes();
    await fill(user, await screen.findByRole('textbox', { name: 'Patient Name' }), 'Ann Lee');
    const appointmentType = screen.getByRole('combobox', { name: 'Appointment Type' });
    await waitFor(() => expect(appointmentType).toHaveDisplayValue('General Consult'));
    await user.selectOptions(appointmentType, 'Follow-up');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Start Session' }));

    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      firstName: 'Ann Lee',
      lastName: '',
      dateOfBirth: '2000-01-01',
      appointmentTypeId: 2,
      patientConsent: true,
    });
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'SOAP Note' })).toBeInTheDocument();
  });

  it('hides the form once a free trial has used its 15 sessions', async () => {
    await renderCreateNotes({}, { isFreeTrial: true, sessions: 15, notes: 3 });

    expect(await screen.findByText(LIMIT_MESSAGES.trialSessionsExhausted)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Patient Name' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal instead of the form for a non-paying user", async () => {
    const { user } = await renderCreateNotes({
      'POST /api/patient-sessions/': () =>
        errorResponse(403, 'UPGRADE_REQUIRED', LIMIT_MESSAGES.upgradeToCreateSessions),
    });
    await fill(user, await screen.findByRole('textbox', { name: 'Patient Name' }), 'Ann Lee');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Start Session' }));

    expect(await screen.findByText(LIMIT_MESSAGES.upgradeToCreateSessions)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Patient Name' })).not.toBeInTheDocument();
  });
});

async function startSession(handlers: ApiHandlers = {}, usage?: Usage) {
  const app = await renderCreateNotes(handlers, usage);
  await fill(app.user, await screen.findByRole('textbox', { name: 'Patient Name' }), 'Ann Lee');
  await app.user.click(screen.getByRole('radio', { name: 'Yes' }));
  await app.user.click(screen.getByRole('button', { name: 'Start Session' }));
  await screen.findByRole('heading', { name: 'Ann Lee' });
  return app;
}

describe('Create Notes: templates', () => {
  it('lets a free trial choose at most 4 templates', async () => {
    const { user } = await startSession();
    for (const name of ['SOAP Note', 'Referral Letter', 'Progress Note', 'Care Plan']) {
      await user.click(await screen.findByRole('checkbox', { name }));
    }

    expect(screen.getByRole('checkbox', { name: 'Medical Certificate – Work' })).toBeDisabled();
    expect(screen.getByText('4 of 4 selected (free trial limit)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Care Plan' }));
    expect(screen.getByRole('checkbox', { name: 'Medical Certificate – Work' })).toBeEnabled();
  });

  it('does not limit a paying user', async () => {
    const { user } = await startSession({}, { isFreeTrial: false, sessions: 40, notes: 200 });
    for (const template of TEMPLATES) {
      await user.click(await screen.findByRole('checkbox', { name: template.name }));
    }
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(TEMPLATES.length);
  });

  it('disables Generate Notes with no template, and when the trial notes would run out', async () => {
    const { user } = await startSession({}, { isFreeTrial: true, sessions: 3, notes: 44 });
    const generate = screen.getByRole('button', { name: 'Generate Notes' });
    expect(generate).toBeDisabled();

    await user.click(await screen.findByRole('checkbox', { name: 'SOAP Note' }));
    expect(generate).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Care Plan' }));
    expect(generate).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(LIMIT_MESSAGES.trialNotesExhausted);
  });

  it('offers to retry when templates fail to load, with Generate Notes disabled', async () => {
    let calls = 0;
    const { user } = await startSession({
      'GET /api/templates/': () => {
        calls += 1;
        return calls <= 3
          ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'Down')
          : jsonResponse(TEMPLATES);
      },
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading templates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Notes' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Retry Loading Templates' }));
    expect(await screen.findByRole('checkbox', { name: 'SOAP Note' })).toBeInTheDocument();
  });
});

describe('Create Notes: welcome', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the audio set-up pop-up 2 s after arriving with the welcome flag', async () => {
    const { router } = await renderCreateNotes();
    await screen.findByRole('textbox', { name: 'Patient Name' });
    // The test moves the clock through the 2 s instead of waiting them out (issue 22): on a
    // clock that only the test moves, the pop-up's timer has fired after exactly 2 s, however
    // long the pop-up's module then takes to load and render.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // In act, so the page's effects (the pop-up's timer among them) run before the clock moves.
    await act(() => router.navigate('/create-notes', { state: { welcome: true } }));

    expect(screen.queryByRole('dialog', { name: 'Set up your audio' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'Set up your audio' });
    expect(within(dialog).getByRole('button', { name: 'Start Recording' })).toBeInTheDocument();
    // Shown once: the flag is gone from the history entry.
    expect(router.state.location.state).toBeNull();
  });
});
