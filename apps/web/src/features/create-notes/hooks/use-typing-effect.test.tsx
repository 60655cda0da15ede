import { act, render, screen } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypingEffect } from './use-typing-effect';

const NOTE = `<p>${'Sore throat for three days. '.repeat(10).trim()}</p>`;

function Typed({ onDone }: { onDone: () => void }) {
  const shown = useTypingEffect(NOTE, true, onDone);
  return <div data-testid="note" dangerouslySetInnerHTML={{ __html: shown.html }} />;
}

const typedLength = () => screen.getByTestId('note').textContent?.length ?? 0;

describe('useTypingEffect', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Issue 26: a tab's panel is kept in a React <Activity>; switching away and back stopped and
  // restarted the effect, which typed the note again from its first character.
  it('resumes where it was when its tab is hidden and shown again, and types once', () => {
    const onDone = vi.fn();
    const view = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <Typed onDone={onDone} />
      </Activity>
    );
    const { rerender } = render(view('visible'));
    act(() => {
      vi.advanceTimersByTime(500 + 100 * 5);
    });
    const before = typedLength();
    expect(before).toBeGreaterThanOrEqual(90);

    rerender(view('hidden'));
    rerender(view('visible'));
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(typedLength()).toBeGreaterThanOrEqual(before);

    act(() => {
      vi.advanceTimersByTime(NOTE.length * 5);
    });
    expect(screen.getByTestId('note')).toHaveTextContent('Sore throat for three days.');
    expect(typedLength()).toBe(NOTE.length - '<p></p>'.length);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
