import { useEffect, useMemo, useRef, useState } from 'react';
import { htmlTextLength, truncateHtml } from '../lib/truncate-html';

/** Spec point 9: 5 ms per character after a 500 ms start delay. */
const TYPING_START_DELAY_MS = 500;
const TYPING_MS_PER_CHARACTER = 5;
const FRAME_MS = 30;

/**
 * Reveals newly generated (safe) HTML as if typed, keeping its formatting. `onDone` runs once the
 * whole text shows, so the effect is not replayed when the note is shown again.
 *
 * Issue 26: a hidden tab's panel stays mounted in a React `<Activity>`, which stops its effects
 * and starts them again when the tab shows; the effect then restarted from the first character
 * on every tab switch. It resumes where it was instead: typed once per note.
 */
export function useTypingEffect(html: string, enabled: boolean, onDone?: () => void) {
  const total = useMemo(() => (enabled ? htmlTextLength(html) : 0), [html, enabled]);
  // Progress belongs to one text: a different text starts from nothing.
  const [progress, setProgress] = useState({ html, visible: 0 });
  const visible = progress.html === html ? progress.visible : 0;
  const done = useRef(onDone);
  const typedSoFar = useRef(visible);

  useEffect(() => {
    done.current = onDone;
    typedSoFar.current = visible;
  });

  useEffect(() => {
    if (!enabled) return;
    const resumeFrom = typedSoFar.current;
    // Resuming: no start delay again, and the characters already shown stay shown.
    const startedAt =
      performance.now() -
      (resumeFrom > 0 ? TYPING_START_DELAY_MS + resumeFrom * TYPING_MS_PER_CHARACTER : 0);
    const timer = window.setInterval(() => {
      const typed = Math.floor(
        (performance.now() - startedAt - TYPING_START_DELAY_MS) / TYPING_MS_PER_CHARACTER,
      );
      if (typed >= total) {
        window.clearInterval(timer);
        setProgress({ html, visible: total });
        done.current?.();
        return;
      }
      setProgress({ html, visible: Math.max(0, typed) });
    }, FRAME_MS);
    return () => window.clearInterval(timer);
  }, [html, enabled, total]);

  const typing = enabled && visible < total;
  const shown = useMemo(
    () => (typing ? truncateHtml(html, visible) : html),
    [typing, html, visible],
  );
  return { html: shown, typing };
}
