import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// `findBy*` and `waitFor` wait for what the page shows, however long it takes to come; the limit
// only says when to give up on it. Pages, stages of Create Notes and the note editor load on
// demand (issue 13, decision 010), and on a busy 2-core machine compiling and rendering them
// took longer than any few-second limit (issue 22), so the limit is a hang detector, well inside
// the test's own 60 s (vite.config.ts).
configure({ asyncUtilTimeout: 20_000 });

// Browser APIs Mantine uses that jsdom lacks (https://mantine.dev/guides/vitest/).
const getComputedStyle = window.getComputedStyle.bind(window);
// jsdom does not implement pseudo-element styles and reports it through console.error.
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
// ProseMirror scrolls the caret into view (the note editor focuses itself at the note's end) by
// measuring a text node or a range; jsdom has no layout and lacks both measurements.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const noRect = () => new DOMRect();
Object.assign(window.Text.prototype, { getClientRects: noRects, getBoundingClientRect: noRect });
Object.assign(window.Range.prototype, { getClientRects: noRects, getBoundingClientRect: noRect });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// A console.error during a test fails it (STYLE "Tests"): React warnings, failed prop types,
// unhandled requests of the fetch mock... The messages are still printed.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  // Test files share a worker's page and modules (vite.config.ts, `isolate: false`), so each
  // test starts from what a fresh page has: no toast (Mantine keeps them in a module-level
  // store, and a request finishing after the last test can still add one) and empty storage.
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  const print = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    print(...args);
  });
});

afterEach(() => {
  cleanup();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${errors.length} time(s); first: ${first}`);
  }
});
