import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * While a session has unsaved changes: closing or reloading the tab asks the browser's own
 * question, and leaving for another page of the app is held for the exit confirmation (spec
 * point 4 "Next Patient or Exit Session"). Going to /login (signed out or expired session) is
 * not held: the recording stays in the browser's storage and is offered back after login.
 */
export function useLeaveGuard(unsavedChanges: boolean) {
  useEffect(() => {
    if (!unsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsavedChanges]);

  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedChanges &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== paths.login,
  );
}
