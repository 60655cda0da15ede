import { useEffect, useRef, type RefObject } from 'react';

/** True when nothing has focus: the focused control was removed or disabled. */
export const focusLost = () =>
  document.activeElement === null || document.activeElement === document.body;

/**
 * Issue 14: a button that shows a spinner while it works (Save Session, Generate Notes) is
 * disabled meanwhile, and the browser drops its focus to the page body. When the work ends and
 * focus is still lost, it goes back to `target`, so a keyboard user carries on from there.
 */
export function useFocusReturn(target: RefObject<HTMLElement | null>, busy: boolean) {
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (ended && focusLost()) target.current?.focus();
  }, [busy, target]);
}
