import { RECOGNITION_MESSAGES, isUncertain, type ConfidenceToken } from '@clerkly/contracts';
import { Tooltip } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import classes from './uncertain-words.module.css';

/**
 * `text` (which starts at `offset` in the transcript) with the words the recogniser was unsure of
 * marked (issue 24): a dotted underline and a raised "?", their confidence in a tooltip on
 * hover, touch or focus (and as an accessible description). The tooltip floats above the page,
 * so a word at the panel's right edge shows all of it, where one drawn inside the scrolling
 * transcript was cut off and scrolled the panel sideways.
 * Words without a confidence, or sure ones, are plain text.
 */
export function withUncertainWords(
  text: string,
  offset: number,
  tokens: readonly ConfidenceToken[],
): ReactNode {
  const end = offset + text.length;
  const parts: ReactNode[] = [];
  let at = offset;
  for (const token of tokens) {
    if (token.end <= offset || token.start < at || token.start >= end) continue;
    if (!isUncertain(token.confidence) || token.end > end) continue;
    parts.push(<Fragment key={`t${at}`}>{text.slice(at - offset, token.start - offset)}</Fragment>);
    const tip = RECOGNITION_MESSAGES.uncertainWord(Math.round((token.confidence ?? 0) * 100));
    parts.push(
      <Tooltip
        key={`u${token.start}`}
        label={tip}
        position="bottom-start"
        events={{ hover: true, focus: true, touch: true }}
      >
        <span
          className={classes.word}
          // Not a Tab stop of its own: a poorly recognised recording has dozens, and the keyboard
          // would have to walk through each to reach the templates (the keyboard browser test).
          // Screen readers read the confidence from the description; a click or hover shows it.
          tabIndex={-1}
          data-uncertain=""
          aria-description={tip}
        >
          {text.slice(token.start - offset, token.end - offset)}
        </span>
      </Tooltip>,
    );
    at = token.end;
  }
  if (parts.length === 0) return text;
  parts.push(<Fragment key="rest">{text.slice(at - offset)}</Fragment>);
  return parts;
}
