import { LIMIT_MESSAGES, type Generation, type SessionTranscript } from '@clerkly/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPatientSession } from '../../../testing/data-generators';
import { errorResponse, jsonResponse, mockApi, type ApiHandlers } from '../../../testing/mock-api';
import { nothingLearnedHandlers, renderInSession } from '../../../testing/session-stage';
import { useSegmentPipeline } from '../state/segment-pipeline';
import { initialSessionState, useSessionState, type SessionState } from '../state/session-store';
import { NotesStage } from './notes-stage';
import { RecordStage } from './record-stage';

const TEMPLATES = [
  { id: 1, name: 'SOAP Note' },
  { id: 18, name: 'Medical Certificate – Work' },
];

/** A session with 42 s of audio in three segments, both templates chosen. */
const recordedState: SessionState = {
  ...initialSessionState,
  screen: 'generate-notes',
  patient: { name: 'Ann Lee', appointmentTypeId: 1 },
  session: createPatientSession(),
  patientConsent: true,
  selectedTemplateIds: [1, 18],
  segmentCount: 3,
  recordedSeconds: 42,
  changesMade: true,
};

const transcript: SessionTranscript = {
  segments: [0, 1, 2].map((seq) => ({
    seq,
    status: 'transcribed' as const,
    durationSeconds: 14,
    text: seq === 0 ? 'i have had a sore throat for three days' : 'no fever',
    error: null,
    engine: 'sphinx',
  })),
  text: 'i have had a sore throat for three days no fever no fever',
  pendingSeconds: 0,
};

const generation = (overrides: Partial<Generation>): Generation => ({
  id: 7,
  sessionId: 42,
  status: 'transcribing',
  templateIds: [1, 18],
  pendingSegments: 1,
  pendingSeconds: 12,
  outputs: [],
  transcription: null,
  error: null,
  ...overrides,
});

const done = generation({
  status: 'done',
  pendingSegments: 0,
  pendingSeconds: 0,
  outputs: [
    { templateId: 1, output: '<h2>Subjective</h2><p>Sore throat for three days.</p>' },
    { templateId: 18, output: '<p>Unfit for work for three days.</p>' },
  ],
  transcription: transcript.text,
});

/** The stages as the page shows them: the notes view once the notes are written. */
function Stages() {
  const state = useSessionState();
  return state.screen === 'save-session' ? (
    <NotesStage onExit={() => {}} />
  ) : (
    <RecordStage onExit={() => {}} />
  );
}

function renderStage(handlers: ApiHandlers, children = <Stages />) {
  const api = mockApi({
    'GET /api/templates/': () => jsonResponse(TEMPLATES),
    'GET /api/appointment-type/': () => jsonResponse([{ id: 1, name: 'General Consult' }]),
    'GET /api/usage/': () => jsonResponse({ isFreeTrial: true, sessions: 1, notes: 0 }),
    'GET /api/patient-sessions/42/transcript': () => jsonResponse(transcript),
    // Issue 27: the notes view shows each template's learned style; nothing learned here.
    ...nothingLearnedHandlers([1, 18]),
    ...handlers,
  });
  const user = renderInSession(children, recordedState);
  return { ...api, user };
}

/** Answers each poll with the next state, staying on the last one. */
function inTurn(...states: Generation[]) {
  let call = 0;
  return () => jsonResponse(states[Math.min(call++, states.length - 1)]);
}

const generateButton = () => screen.getByRole('button', { name: 'Generate Notes' });

describe('Record stage: live transcript and Generate Notes (issue 9)', () => {
  it('shows the draft transcript of what was recorded', async () => {
    renderStage({});
    const region = screen.getByRole('region', { name: 'Live transcript' });
    expect(within(region).getByText('Draft')).toBeInTheDocument();
    expect(
      await within(region).findByText(/i have had a sore throat for three days/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Recording ready\. 0:42 of audio\./)).toBeInTheDocument();
    // Issue 15: the clinician sees which engine heard the consultation.
    expect(
      within(region).getByText('Transcribed by the offline recogniser (pocketsphinx).'),
    ).toBeInTheDocument();
  });

  it('follows the generation, saying what the server is doing, then shows the notes', async () => {
    const { user, requests } = renderStage({
      'POST /api/patient-sessions/42/generations': () =>
        jsonResponse(generation({}), { status: 202 }),
      'GET /api/generations/7': inTurn(
        generation({ status: 'writing', pendingSegments: 0, pendingSeconds: 0 }),
        done,
      ),
    });
    await user.click(generateButton());

    expect(await screen.findByText('Transcribing the last 12 seconds…')).toBeInTheDocument();
    expect(screen.getByText('Hang on! Generating notes...')).toBeInTheDocument();
    expect(await screen.findByText('Writing 2 notes…')).toBeInTheDocument();
    const tabs = await screen.findByRole('tablist', { name: 'Notes by template' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['SOAP Note', 'Medical Certificate – Work']);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      templateIds: [1, 18],
      segmentCount: 3,
    });
  });

  it('shows a failed generation with its reason, and Retry starts it again', async () => {
    const { user, requests } = renderStage({
      'POST /api/patient-sessions/42/generations': () =>
        jsonResponse(generation({}), { status: 202 }),
      'GET /api/generations/7': inTurn(
        generation({ status: 'failed', error: 'Transcription failed twice. Try again.' }),
        done,
      ),
      'POST /api/generations/7/retry': () =>
        jsonResponse(generation({ status: 'writing', pendingSeconds: 0 }), { status: 202 }),
    });
    await user.click(generateButton());

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Generating notes failed.');
    expect(failure).toHaveTextContent('Transcription failed twice. Try again.');
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('tablist', { name: 'Notes by template' })).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/generations/7/retry')).toBe(true);
  });

  it("shows the trial's refusal in the spec's words and keeps the recording", async () => {
    const { user } = renderStage({
      'POST /api/patient-sessions/42/generations': () =>
        errorResponse(403, 'TRIAL_NOTES_EXHAUSTED', LIMIT_MESSAGES.trialNotesExhausted),
    });
    await user.click(generateButton());

    expect(await screen.findAllByText(LIMIT_MESSAGES.trialNotesExhausted)).not.toHaveLength(0);
    expect(screen.getByText(/Recording ready\./)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});

/** Cuts one segment of 6 s, as the recorder does after a pause. */
function CutSegment() {
  const pipeline = useSegmentPipeline();
  return (
    <button type="button" onClick={() => pipeline.addSegment(new Float32Array(6 * 16_000))}>
      Cut a segment
    </button>
  );
}

describe('Segment uploads while the server is down (issue 9)', () => {
  it('says the audio is kept, sends it once the server answers, continuing the numbering', async () => {
    let down = true;
    const { user, requests } = renderStage(
      {
        'PUT /api/patient-sessions/42/segments/3': () =>
          down
            ? errorResponse(503, 'UNAVAILABLE', 'Down for maintenance')
            : jsonResponse({ seq: 3, status: 'queued', created: true }),
      },
      <>
        <CutSegment />
        <Stages />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Cut a segment' }));

    const offline = await screen.findByText(/The server cannot be reached\. Recording goes on/);
    expect(offline).toHaveTextContent('0:06 of audio is kept in this browser');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await screen.findByText(/Recording ready\. 0:48 of audio\./);
    expect(screen.queryByText(/The server cannot be reached/)).not.toBeInTheDocument();

    const put = requests.filter((request) => request.method === 'PUT');
    expect(put.length).toBeGreaterThanOrEqual(2);
    expect(new Set(put.map((request) => request.path))).toEqual(
      new Set(['/api/patient-sessions/42/segments/3']),
    );
    const body = put[0]?.body;
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('audio/wav');
    expect((body as Blob).size).toBe(44 + 6 * 16_000 * 2);
  });
});
