import { RECOGNITION_MESSAGES } from '@clerkly/contracts';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TranscriptPanel } from './transcript-panel';

const transcript = 'my knee hurts after the ladder fell and i take digoxin';
// The recogniser was unsure of "ladder", "fell" and "digoxin".
const words = transcript.split(' ').map((word) => ({
  word,
  confidence: ['ladder', 'fell', 'digoxin'].includes(word) ? 0.3 : 0.95,
}));

const renderPanel = (confidences = words) =>
  render(
    <MantineProvider env="test">
      <TranscriptPanel transcript={transcript} spans={[]} words={confidences} />
    </MantineProvider>,
  );

describe('TranscriptPanel', () => {
  // Issue 24: the marked words are not Tab stops; the keyboard reaches them through one button.
  it('steps through the uncertain words by keyboard, each showing its confidence', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(screen.getByText(RECOGNITION_MESSAGES.uncertainWordCount(3))).toBeVisible();
    const next = screen.getByRole('button', { name: RECOGNITION_MESSAGES.nextUncertainWord });
    expect(next).toHaveAccessibleDescription(RECOGNITION_MESSAGES.uncertainWordKeys);

    // Tab reaches the button (the words themselves are skipped), Enter goes to the first word.
    await user.tab();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toHaveTextContent('ladder');
    expect(document.activeElement).toHaveAccessibleDescription(
      RECOGNITION_MESSAGES.uncertainWord(30),
    );
    await user.keyboard('n');
    expect(document.activeElement).toHaveTextContent('fell');
    await user.keyboard('n');
    expect(document.activeElement).toHaveTextContent('digoxin');
    // Past the last it wraps to the first; Shift+N goes back.
    await user.keyboard('n');
    expect(document.activeElement).toHaveTextContent('ladder');
    await user.keyboard('{Shift>}N{/Shift}');
    expect(document.activeElement).toHaveTextContent('digoxin');
    await user.keyboard('{Escape}');
    expect(next).toHaveFocus();
  });

  it('offers no way through uncertain words when the recogniser was sure of every word', () => {
    renderPanel(words.map((word) => ({ ...word, confidence: 0.95 })));
    expect(
      screen.queryByRole('button', { name: RECOGNITION_MESSAGES.nextUncertainWord }),
    ).toBeNull();
  });
});
