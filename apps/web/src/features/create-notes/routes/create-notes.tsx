import { Stack, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useAuth } from '../../../lib/auth/use-auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { CreateSessionStage } from '../components/create-session-stage';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { SegmentPipelineProvider, forgetStoredRecording } from '../state/segment-pipeline';
import { SessionProvider, useSessionDispatch, useSessionState } from '../state/session-store';

/*
 * The first screen is the create-session form; recording (audio capture, the segment pipeline's
 * controls), the notes view (the rich-text editor) and the audio set-up pop-up load when they are
 * needed (issue 13, decision 010).
 */
const RecordStage = lazy(() =>
  import('../components/record-stage').then((m) => ({ default: m.RecordStage })),
);
const NotesStage = lazy(() =>
  import('../components/notes-stage').then((m) => ({ default: m.NotesStage })),
);
const ExitSessionModal = lazyDialog(() =>
  import('../components/exit-session-modal').then((m) => m.ExitSessionModal),
);
const loadWelcomeDialog = () => import('../components/welcome-dialog');
const WelcomeDialog = lazy(() => loadWelcomeDialog().then((m) => ({ default: m.WelcomeDialog })));

/** Spec point 9: the welcome pop-up shows 2 000 ms after arriving with the welcome flag. */
export const WELCOME_DELAY_MS = 2000;

const hasWelcomeFlag = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'welcome' in state && state.welcome === true;

/** Set once the user has seen the audio set-up on this browser (issue 14). */
export const audioSetupSeenKey = (owner: string) => `clerkly:audio-setup-seen:${owner}`;

const audioSetupSeen = (owner: string) => {
  try {
    return localStorage.getItem(audioSetupSeenKey(owner)) !== null;
  } catch {
    return false;
  }
};

const rememberAudioSetupSeen = (owner: string) => {
  try {
    localStorage.setItem(audioSetupSeenKey(owner), '1');
  } catch {
    // Storage refused (private mode): the pop-up may show again at the next login.
  }
};

/**
 * The welcome pop-up, 2 s after a login or sign-up brought the user here (the welcome flag).
 * Issue 14: it showed after every login. It shows once per user on this browser, i.e. after
 * registration and on a new device, where the microphone is new too.
 */
function useWelcome(owner: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // Mounted from its first opening on, so closing it animates and gives focus back.
  const [mounted, setMounted] = useState(false);
  const welcome = hasWelcomeFlag(location.state) && owner !== '';

  useEffect(() => {
    if (!welcome) return;
    // Fetched during the 2 s wait, so the pop-up opens on time.
    void loadWelcomeDialog();
    const timer = window.setTimeout(() => {
      if (!audioSetupSeen(owner)) {
        setOpened(true);
        setMounted(true);
        rememberAudioSetupSeen(owner);
      }
      // Shown once: a reload or coming back does not show it again.
      void navigate(location.pathname, { replace: true, state: null });
    }, WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [welcome, owner, navigate, location.pathname]);

  return { opened, mounted, close: () => setOpened(false) };
}

function CreateNotesFlow() {
  const state = useSessionState();
  const dispatch = useSessionDispatch();
  const { user } = useAuth();
  const owner = user?.cognitoId ?? '';
  const welcome = useWelcome(owner);
  const blocker = useLeaveGuard(state.changesMade);
  const [confirmingExit, setConfirmingExit] = useState(false);

  /** Spec point 4: session state resets; the crash copy of its audio goes with it. */
  const leaveSession = () => {
    forgetStoredRecording(state.session?.id);
    dispatch({ type: 'reset' });
  };

  // Next Patient and Exit Session: with unsaved changes, confirm first (spec point 4).
  const requestExit = () => {
    if (state.changesMade) setConfirmingExit(true);
    else leaveSession();
  };

  const confirmExit = () => {
    setConfirmingExit(false);
    leaveSession();
    if (blocker.state === 'blocked') blocker.proceed();
  };

  const cancelExit = () => {
    setConfirmingExit(false);
    if (blocker.state === 'blocked') blocker.reset();
  };

  return (
    <SegmentPipelineProvider owner={owner}>
      {state.screen === 'create-session' && <CreateSessionStage owner={owner} />}
      <Suspense fallback={<PageSkeleton />}>
        {state.screen === 'generate-notes' && <RecordStage onExit={requestExit} />}
        {state.screen === 'save-session' && <NotesStage onExit={requestExit} />}
      </Suspense>
      <ExitSessionModal
        opened={confirmingExit || blocker.state === 'blocked'}
        onConfirm={confirmExit}
        onCancel={cancelExit}
      />
      {welcome.mounted && (
        <Suspense fallback={null}>
          <WelcomeDialog opened={welcome.opened} onClose={welcome.close} />
        </Suspense>
      )}
    </SegmentPipelineProvider>
  );
}

/** /create-notes (spec points 2 and 4): create session → record and choose → notes. */
export function CreateNotesPage() {
  usePageTitle('Create Notes');

  return (
    <Stack gap="lg">
      <Title order={1}>Create Notes</Title>
      <SessionProvider>
        <CreateNotesFlow />
      </SessionProvider>
    </Stack>
  );
}
