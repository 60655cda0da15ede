import { SAVE_CONFLICT, TOASTS } from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatientSession } from '../../../testing/data-generators';
import { errorResponse, jsonResponse, mockApi, type ApiHandlers } from '../../../testing/mock-api';
import {
  nothingLearned,
  nothingLearnedHandlers,
  renderInSession,
} from '../../../testing/session-stage';
import { initialSessionState, type SessionState } from '../state/session-store';
import { NotesStage } from './notes-stage';

// The app loads these on demand (issue 13); loaded once here rather than inside the first test.
beforeAll(async () => {
  await import('./note-editor');
});

const notesState: SessionState = {
  ...initialSessionState,
  screen: 'save-session',
  patient: { name: 'Ann Lee', appointmentTypeId: 1 },
  session: createPatientSession(),
  patientConsent: true,
  generatedNotes: [
    {
      templateId: 1,
      output: '<h2>Subjective</h2><p>Sore throat for three days.</p>',
      typing: false,
    },
    { templateId: 18, output: '<p>Unfit for work for three days.</p>', typing: false },
  ],
  segmentCount: 2,
  recordedSeconds: 21.4,
  segmentsInNotes: 2,
  transcribedText: 'I have had a sore throat for three days.',
  durationSeconds: 21,
  changesMade: true,
};

function renderNotes(handlers: ApiHandlers = {}, state: SessionState = notesState) {
  const api = mockApi({
    'GET /api/templates/': () =>
      jsonResponse([
        { id: 1, name: 'SOAP Note' },
        { id: 18, name: 'Medical Certificate – Work' },
      ]),
    'GET /api/appointment-type/': () => jsonResponse([{ id: 1, name: 'General Consult' }]),
    'GET /api/usage/': () => jsonResponse({ isFreeTrial: true, sessions: 1, notes: 2 }),
    // Issue 27: nothing learned yet from this clinician's edits.
    ...nothingLearnedHandlers([1, 18]),
    ...handlers,
  });
  const user = renderInSession(<NotesStage onExit={() => {}} />, state);
  return { ...api, user };
}

describe('Notes view', () => {
  it('shows one tab per template with its note', async () => {
    const { user } = renderNotes();
    const tabs = screen.getByRole('tablist', { name: 'Notes by template' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['SOAP Note', 'Medical Certificate – Work']),
    );
    expect(screen.getByRole('article', { name: 'SOAP Note note' })).toHaveTextContent(
      'Sore throat for three days.',
    );

    await user.click(screen.getByRole('tab', { name: 'Medical Certificate – Work' }));
    expect(
      screen.getByRole('article', { name: 'Medical Certificate – Work note' }),
    ).toHaveTextContent('Unfit for work for three days.');
  });

  it('opens the editor with the spec toolbar; Cancel leaves the note as it was', async () => {
    const { user } = renderNotes();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // The editor loads on first use (issue 13).
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();

    for (const control of [
      'Undo',
      'Redo',
      'Bold',
      'Italic',
      'Underline',
      'Strike through',
      'Numbered list',
      'Bullet list',
      'Link',
      'Clear formatting',
      'HTML source',
    ]) {
      expect(screen.getByRole('button', { name: control })).toBeInTheDocument();
    }
    const style = screen.getByRole('combobox', { name: 'Text style' });
    expect(
      within(style)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Normal', 'Header 1', 'Header 2', 'Code block']);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Bold' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'SOAP Note note' })).toHaveTextContent(
      'Sore throat for three days.',
    );
  });

  // Issue 26: the transcript panel was hidden until the note had typed itself out.
  it('shows the transcript beside a note that is still typing itself out', async () => {
    renderNotes(
      {},
      {
        ...notesState,
        generatedNotes: notesState.generatedNotes.map((note) => ({ ...note, typing: true })),
      },
    );
    expect(await screen.findByRole('article', { name: 'SOAP Note note' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const transcript = screen.getAllByRole('region', { name: 'Transcript' })[0]!;
    expect(transcript).toHaveTextContent('I have had a sore throat for three days.');
  });

  // Issue 26: focus fell to <body> after Edit (the button is disabled while editing) and after
  // Update or Cancel (the editor's controls leave the page).
  it('puts focus in the editor when it opens and back on Edit when it closes', async () => {
    const { user } = renderNotes();
    const edit = screen.getAllByRole('button', { name: 'Edit' })[0]!;
    await user.click(edit);
    const editor = await screen.findByRole('textbox', { name: 'SOAP Note note text' });
    await waitFor(() => expect(editor).toHaveFocus());

    await user.keyboard(' Typed.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('article', { name: 'SOAP Note note' })).toHaveTextContent('Typed.');
    expect(edit).toHaveFocus();

    await user.click(edit);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'SOAP Note note text' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(edit).toHaveFocus();
  });

  it('regenerates from an instruction, compares, and Update replaces the note', async () => {
    const { user, requests } = renderNotes({
      'POST /api/deepgram/regenerate-notes': ({ body }) =>
        jsonResponse({
          prevOutput: (body as { prevGeneratedNotes: string }).prevGeneratedNotes,
          newOutput: '<p>Sore throat, 3 days.</p>',
          notices: ['The offline engine shortened the note.'],
        }),
    });
    const instruction = screen.getByRole('textbox', { name: 'Regenerate with instructions' });

    // Blank instructions are not sent.
    await user.type(instruction, '   {Enter}');
    expect(requests.some((request) => request.path.endsWith('regenerate-notes'))).toBe(false);

    await user.type(instruction, 'make it shorter{Enter}');
    const compare = await screen.findByRole('region', { name: 'Compare versions of SOAP Note' });
    expect(requests.find((request) => request.path.endsWith('regenerate-notes'))?.body).toEqual({
      templateId: 1,
      transcribedText: 'I have had a sore throat for three days.',
      userInput: 'make it shorter',
      sessionId: 42,
      prevGeneratedNotes: '<h2>Subjective</h2><p>Sore throat for three days.</p>',
    });
    expect(within(compare).getByRole('group', { name: 'Previous version' })).toHaveTextContent(
      'Sore throat for three days.',
    );
    expect(within(compare).getByRole('group', { name: 'Regenerated version' })).toHaveTextContent(
      'Sore throat, 3 days.',
    );
    expect(compare).toHaveTextContent('The offline engine shortened the note.');

    await user.click(within(compare).getByRole('button', { name: 'Update' }));
    expect(screen.queryByRole('region', { name: /Compare versions/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'SOAP Note note' })).toHaveTextContent(
      'Sore throat, 3 days.',
    );
  });

  it('saves the session with notes, whole-second duration and transcript', async () => {
    const { user, requests } = renderNotes({
      'PATCH /api/patient-sessions/42': () =>
        jsonResponse({ id: 42, savedAt: '2025-03-10T09:40:00.000Z', version: 2 }),
    });
    await user.click(screen.getByRole('button', { name: 'Save Session' }));

    expect(await screen.findByText(TOASTS.sessionSaved)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      notes: [
        {
          notesContent: '<h2>Subjective</h2><p>Sore throat for three days.</p>',
          patientSessionId: 42,
          templateId: 1,
        },
        {
          notesContent: '<p>Unfit for work for three days.</p>',
          patientSessionId: 42,
          templateId: 18,
        },
      ],
      duration: 21,
      transcribedText: 'I have had a sore throat for three days.',
      baseVersion: 1,
    });
  });

  it('refuses to save a certificate that still says "[not stated]", naming the fields', async () => {
    const { user, requests } = renderNotes(
      {},
      {
        ...notesState,
        generatedNotes: [
          notesState.generatedNotes[0]!,
          {
            templateId: 18,
            output:
              '<h2>Medical Condition</h2><p>[not stated]</p><h2>Period of Incapacity</h2><p>From [not stated] to [not stated] inclusive.</p>',
            typing: false,
          },
        ],
      },
    );
    await user.click(screen.getByRole('button', { name: 'Save Session' }));

    const dialog = await screen.findByRole('dialog', { name: 'Before saving' });
    expect(
      within(dialog).getByText(
        'Medical Certificate – Work: fill in Medical Condition, Period of Incapacity (still "[not stated]") before saving.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save anyway' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Review notes' }));
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  describe('when the session was saved elsewhere meanwhile (409)', () => {
    const savedElsewhere = {
      ...createPatientSession({ version: 3 }),
      transcript: 'Saved from the other tab.',
      duration: 30,
      savedAt: '2025-03-10T09:35:00.000Z',
      notes: [
        { templateId: 1, draft: '<p>draft</p>', content: '<p>Other tab note.</p>', savedAt: null },
      ],
    };
    const conflict = () => errorResponse(409, SAVE_CONFLICT.code, SAVE_CONFLICT.message);

    it('offers to reload the saved version, which replaces the copy on screen', async () => {
      const { user } = renderNotes({
        'PATCH /api/patient-sessions/42': conflict,
        'GET /api/patient-sessions/42': () => jsonResponse(savedElsewhere),
      });
      await user.click(screen.getByRole('button', { name: 'Save Session' }));
      const dialog = await screen.findByRole('dialog', { name: 'Saved elsewhere' });
      expect(dialog).toHaveTextContent(SAVE_CONFLICT.message);

      await user.click(within(dialog).getByRole('button', { name: 'Reload saved version' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Saved elsewhere' })).not.toBeInTheDocument(),
      );
      expect(await screen.findByText('Other tab note.')).toBeInTheDocument();
    });

    it('or keeps the local copy, saving it over the latest version', async () => {
      let attempts = 0;
      const { user, requests } = renderNotes({
        'PATCH /api/patient-sessions/42': () =>
          (attempts += 1) === 1
            ? conflict()
            : jsonResponse({ id: 42, savedAt: '2025-03-10T09:41:00.000Z', version: 4 }),
        'GET /api/patient-sessions/42': () => jsonResponse(savedElsewhere),
      });
      await user.click(screen.getByRole('button', { name: 'Save Session' }));
      const dialog = await screen.findByRole('dialog', { name: 'Saved elsewhere' });
      await user.click(within(dialog).getByRole('button', { name: 'Keep my copy' }));

      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Saved elsewhere' })).not.toBeInTheDocument(),
      );
      const saves = requests.filter((request) => request.method === 'PATCH');
      expect(saves.map((request) => (request.body as { baseVersion: number }).baseVersion)).toEqual(
        [1, 3],
      );
      expect((saves[1]!.body as { transcribedText: string }).transcribedText).toBe(
        'I have had a sore throat for three days.',
      );
    });
  });

  it('shows the style learned for the template, and Reset forgets it', async () => {
    const { user, requests } = renderNotes({
      'GET /api/templates/1/style': () =>
        jsonResponse({
          templateId: 1,
          notesLearned: 7,
          preferences: ['bullet points in Plan', 'shorter Subjective'],
          updatedAt: '2026-11-26T10:00:00.000Z',
        }),
      'DELETE /api/templates/1/style': () => jsonResponse(nothingLearned(1)),
    });
    expect(
      await screen.findByText(
        'Your style for this template: bullet points in Plan, shorter Subjective — learned from 7 notes',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Reset/ }));
    expect(
      await screen.findByText(
        'Your style for this template was reset; drafts are written the default way again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/learned from 7 notes/)).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/templates/1/style')).toBe(
      true,
    );
  });

  it('says when the browser cannot read aloud', async () => {
    const { user } = renderNotes();
    await user.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(
      await screen.findByText('Text-to-speech not supported in this browser.'),
    ).toBeInTheDocument();
  });

  it("counts the session's templates in the trial's 4 when adding templates", async () => {
    const { user } = renderNotes({
      'GET /api/templates/': () =>
        jsonResponse([
          { id: 1, name: 'SOAP Note' },
          { id: 18, name: 'Medical Certificate – Work' },
          { id: 3, name: 'Referral Letter' },
          { id: 4, name: 'Clinic Letter' },
          { id: 5, name: 'Progress Note' },
        ]),
    });
    await user.click(screen.getByRole('button', { name: 'Add templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add templates' });
    expect(
      await within(dialog).findByText('2 of 4 selected (free trial limit)'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Referral Letter' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Clinic Letter' }));
    expect(within(dialog).getByText('4 of 4 selected (free trial limit)')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Progress Note' })).toBeDisabled();
  });
});
