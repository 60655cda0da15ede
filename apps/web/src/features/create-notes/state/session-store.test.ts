import { describe, expect, it } from 'vitest';
import { createPatientSession } from '../../../testing/data-generators';
import { initialSessionState, sessionReducer, type SessionState } from './session-store';

const session = createPatientSession({ id: 4 });

function withNotes(): SessionState {
  const created = sessionReducer(initialSessionState, {
    type: 'sessionCreated',
    session,
    patient: { name: 'Ann Lee', appointmentTypeId: 1 },
  });
  return sessionReducer(created, {
    type: 'notesGenerated',
    outputs: [{ templateId: 1, output: '<p>A</p>' }],
    transcription: 'sore throat',
    durationSeconds: 20,
    segmentCount: 1,
  });
}

describe('sessionReducer', () => {
  it('moves through the three screens and marks a new session as having unsaved changes', () => {
    const created = sessionReducer(initialSessionState, {
      type: 'sessionCreated',
      session,
      patient: { name: 'Ann Lee', appointmentTypeId: 1 },
    });
    expect(created.screen).toBe('generate-notes');
    expect(created.changesMade).toBe(true);
    expect(withNotes().screen).toBe('save-session');
    expect(sessionReducer(withNotes(), { type: 'reset' })).toEqual(initialSessionState);
  });

  it('clears the unsaved flag on save, unless the notes changed meanwhile', () => {
    const state = withNotes();
    const saved = sessionReducer(state, {
      type: 'sessionSaved',
      notes: state.generatedNotes,
      transcribedText: state.transcribedText,
      version: 2,
    });
    expect(saved.changesMade).toBe(false);
    // The next save is based on the version this one made.
    expect(saved.session?.version).toBe(2);

    const stale = sessionReducer(state, {
      type: 'sessionSaved',
      notes: [{ templateId: 1, output: '<p>older</p>', typing: false }],
      transcribedText: state.transcribedText,
      version: 2,
    });
    expect(stale.changesMade).toBe(true);
  });

  it('counts the segments of every recording in capture order, each once', () => {
    const state = [
      { seq: 0, durationSeconds: 12 },
      { seq: 1, durationSeconds: 7.5 },
      { seq: 1, durationSeconds: 7.5 },
    ].reduce(
      (current, segment) => sessionReducer(current, { type: 'segmentRecorded', ...segment }),
      withNotes(),
    );
    expect(state).toMatchObject({ segmentCount: 2, recordedSeconds: 19.5, segmentsInNotes: 1 });
  });
});
