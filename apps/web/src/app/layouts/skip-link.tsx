import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Issue 14: the first tab stop of the signed-in app, shown when focused, jumps past the top bar
 * and the sidebar (ten tab stops) to the page's content (WCAG 2.4.1 "Bypass blocks").
 */
export function SkipLink() {
  // Focuses the content without the router seeing a change of address.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
