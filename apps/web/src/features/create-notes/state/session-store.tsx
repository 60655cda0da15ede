import type {
  GeneratedNoteOutput,
  PatientSession,
  PatientSessionDetail,
  WordConfidence,
} from '@clerkly/contracts';
import { createContext, use, useReducer, type Dispatch, type ReactNode } from 'react';
import { fromOutputs, mergeOutputs, sameOutputs, type GeneratedNote } from '../lib/generated-notes';

/** Spec point 4 "Session screen": exactly one of these; reset returns to the first. */
type SessionScreen = 'create-session' | 'generate-notes' | 'save-session';

export type CurrentPatient = { name: string; appointmentTypeId: number };

/** Spec point 3 "Client session state". */
export type SessionState = {
  screen: SessionScreen;
  patient: CurrentPatient | null;
  session: PatientSession | null;
  /** null until answered; false blocks the session (spec point 4 "Consent"). */
  patientConsent: boolean | null;
  selectedTemplateIds: number[];
  /** One entry per template, in tab order. */
  generatedNotes: GeneratedNote[];
  /**
   * The audio (issue 9): segments cut while recording, numbered 0..segmentCount-1 across every
   * recording of the session, each uploaded as soon as it is cut.
   */
  segmentCount: number;
  /** Their length in seconds. */
  recordedSeconds: number;
  /** How many segments the current notes were generated from. */
  segmentsInNotes: number;
  transcribedText: string;
  /** The recogniser's words with their confidence (issue 24); empty when unknown. */
  transcriptConfidence: readonly WordConfidence[];
  /** Whole seconds of audio behind the notes. */
  durationSeconds: number;
  changesMade: boolean;
};

export const initialSessionState: SessionState = {
  screen: 'create-session',
  patient: null,
  session: null,
  patientConsent: null,
  selectedTemplateIds: [],
  generatedNotes: [],
  segmentCount: 0,
  recordedSeconds: 0,
  segmentsInNotes: 0,
  transcribedText: '',
  transcriptConfidence: [],
  durationSeconds: 0,
  changesMade: false,
};

export type SessionAction =
  | { type: 'consentAnswered'; consent: boolean | null }
  | { type: 'sessionCreated'; session: PatientSession; patient: CurrentPatient }
  | { type: 'templatesSelected'; templateIds: number[] }
  | { type: 'segmentRecorded'; seq: number; durationSeconds: number }
  | {
      type: 'notesGenerated';
      outputs: GeneratedNoteOutput[];
      transcription: string;
      confidence?: readonly WordConfidence[];
      durationSeconds: number;
      segmentCount: number;
    }
  | { type: 'moreNotesGenerated'; outputs: GeneratedNoteOutput[] }
  | { type: 'notesUpdated'; notes: GeneratedNote[] }
  | { type: 'typingFinished'; templateId: number }
  | { type: 'sessionSaved'; notes: GeneratedNote[]; transcribedText: string; version: number }
  /** The clinician chose the saved version over their copy after a save conflict (issue 11). */
  | { type: 'savedVersionLoaded'; detail: PatientSessionDetail }
  | {
      type: 'recordingRecovered';
      session: PatientSession;
      patient: CurrentPatient;
      segmentCount: number;
      recordedSeconds: number;
      selectedTemplateIds: number[];
    }
  | { type: 'reset' };

/** A session just opened, new or recovered: consented, on the record screen, nothing else. */
const sessionOnRecordScreen = ({
  session,
  patient,
}: {
  session: PatientSession;
  patient: CurrentPatient;
}): SessionState => ({
  ...initialSessionState,
  screen: 'generate-notes',
  session,
  patient,
  patientConsent: true,
});

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'consentAnswered':
      return { ...state, patientConsent: action.consent };
    case 'sessionCreated':
      // Spec point 4: after creation the session has unsaved changes.
      return { ...sessionOnRecordScreen(action), changesMade: true };
    case 'templatesSelected':
      return { ...state, selectedTemplateIds: action.templateIds };
    case 'segmentRecorded':
      // Segments are numbered by the recorder in capture order; one already counted is ignored.
      if (action.seq < state.segmentCount) return state;
      return {
        ...state,
        segmentCount: action.seq + 1,
        recordedSeconds: state.recordedSeconds + action.durationSeconds,
        changesMade: true,
      };
    case 'notesGenerated':
      return {
        ...state,
        screen: 'save-session',
        generatedNotes: fromOutputs(action.outputs),
        transcribedText: action.transcription,
        transcriptConfidence: action.confidence ?? [],
        durationSeconds: action.durationSeconds,
        segmentsInNotes: action.segmentCount,
        changesMade: true,
      };
    case 'moreNotesGenerated':
      return {
        ...state,
        generatedNotes: mergeOutputs(state.generatedNotes, action.outputs),
        changesMade: true,
      };
    case 'notesUpdated':
      return { ...state, generatedNotes: action.notes, changesMade: true };
    case 'typingFinished':
      // Not an edit: the typing effect has shown the whole note once.
      return {
        ...state,
        generatedNotes: state.generatedNotes.map((note) =>
          note.templateId === action.templateId ? { ...note, typing: false } : note,
        ),
      };
    case 'sessionSaved': {
      // The next save is based on this version; an edit made while the save was on its way is
      // still unsaved.
      const saved = {
        ...state,
        session: state.session && { ...state.session, version: action.version },
      };
      return sameOutputs(state.generatedNotes, action.notes) &&
        state.transcribedText === action.transcribedText
        ? { ...saved, changesMade: false }
        : saved;
    }
    case 'savedVersionLoaded': {
      const { detail } = action;
      const { transcript, notes, duration, savedAt: _savedAt, ...session } = detail;
      return {
        ...state,
        session,
        transcribedText: transcript,
        durationSeconds: duration ?? state.durationSeconds,
        generatedNotes: notes.map((note) => ({
          templateId: note.templateId,
          output: note.content ?? note.draft ?? '',
          typing: false,
        })),
        changesMade: false,
      };
    }
    case 'recordingRecovered':
      return {
        ...sessionOnRecordScreen(action),
        segmentCount: action.segmentCount,
        recordedSeconds: action.recordedSeconds,
        selectedTemplateIds: action.selectedTemplateIds,
        changesMade: true,
      };
    case 'reset':
      return initialSessionState;
  }
}

const SessionStateContext = createContext<SessionState | null>(null);
const SessionDispatchContext = createContext<Dispatch<SessionAction> | null>(null);

/** The state of the session on screen; it lives as long as the Create Notes page. */
export function SessionProvider({
  children,
  initialState = initialSessionState,
}: {
  children: ReactNode;
  initialState?: SessionState;
}) {
  const [state, dispatch] = useReducer(sessionReducer, initialState);
  return (
    <SessionStateContext value={state}>
      <SessionDispatchContext value={dispatch}>{children}</SessionDispatchContext>
    </SessionStateContext>
  );
}

export function useSessionState(): SessionState {
  const state = use(SessionStateContext);
  if (!state) throw new Error('useSessionState needs a SessionProvider');
  return state;
}

export function useSessionDispatch(): Dispatch<SessionAction> {
  const dispatch = use(SessionDispatchContext);
  if (!dispatch) throw new Error('useSessionDispatch needs a SessionProvider');
  return dispatch;
}
