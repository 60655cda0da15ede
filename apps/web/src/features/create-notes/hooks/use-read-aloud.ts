import { MESSAGES } from '@clerkly/contracts';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { splitSentences } from '../lib/sentences';

const speechSynthesisOf = (): SpeechSynthesis | undefined =>
  typeof window !== 'undefined' &&
  'speechSynthesis' in window &&
  typeof SpeechSynthesisUtterance !== 'undefined'
    ? window.speechSynthesis
    : undefined;

/**
 * Spec point 4 "Read aloud": toggles on and off; the text is split into sentences spoken one by
 * one in en-US at normal rate and pitch. One note at a time: `speakingId` says which.
 */
export function useReadAloud() {
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  /** The note whose reading failed (no voice, or synthesis failed): the page says so there. */
  const [failedId, setFailedId] = useState<string | null>(null);
  // Each start or stop bumps it, so callbacks of an interrupted reading do nothing.
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current += 1;
    speechSynthesisOf()?.cancel();
    setSpeakingId(null);
  }, []);

  const toggle = useCallback(
    (id: string, text: string) => {
      const synth = speechSynthesisOf();
      if (!synth) {
        notifications.show({ color: 'yellow', message: MESSAGES.ttsUnsupported });
        return;
      }
      if (speakingId === id) {
        stop();
        return;
      }
      setFailedId(null);
      synth.cancel();
      const sentences = splitSentences(text);
      run.current += 1;
      const current = run.current;
      if (sentences.length === 0) {
        setSpeakingId(null);
        return;
      }

      const speak = (index: number) => {
        if (current !== run.current) return;
        const sentence = sentences[index];
        if (sentence === undefined) {
          setSpeakingId(null);
          return;
        }
        const utterance = new SpeechSynthesisUtterance(sentence);
        utterance.lang = 'en-US';
        utterance.rate = 1;
        utterance.pitch = 1;
        utterance.onend = () => speak(index + 1);
        utterance.onerror = (event) => {
          const failed = event.error !== 'interrupted' && event.error !== 'canceled';
          if (failed) console.warn('Reading aloud failed.', event.error);
          if (current !== run.current) return;
          setSpeakingId(null);
          // Headless or voiceless browsers answer "synthesis-failed" at once (issue 26): without
          // a word on the page the button seemed to do nothing.
          if (failed) setFailedId(id);
        };
        synth.speak(utterance);
      };
      setSpeakingId(id);
      speak(0);
    },
    [speakingId, stop],
  );

  // Leaving the notes view stops the voice.
  useEffect(
    () => () => {
      run.current += 1;
      speechSynthesisOf()?.cancel();
    },
    [],
  );

  return { speakingId, failedId, toggle, stop };
}
