import { useCallback, useEffect, useState } from 'react';

/** How often the remaining time is re-read; shorter than a second so no second is skipped. */
const TICK_MS = 250;

const secondsLeft = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Seconds left until a deadline `seconds` from now, and `restart(seconds)`. Counting against the
 * clock rather than decrementing per tick keeps it right when a background tab's timers are
 * throttled.
 */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    const timer = setInterval(() => {
      const left = secondsLeft(deadline);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback((next: number) => {
    setDeadline(Date.now() + next * 1000);
    setRemaining(next);
  }, []);

  return { remaining, restart };
}

/** 180 -> "03:00", the format of "Remaining time: mm:ss" (spec point 4). */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
