import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Pages, stages of Create Notes and the note editor load on demand (issue 13, decision 010): in
// a test the first import of such a module is compiled on the spot, which on a busy 2-core
// machine takes longer than Testing Library's default 1 s wait for what it renders.
configure({ asyncUtilTimeout: 5000 });

// Browser APIs Mantine uses that jsdom lacks (https://mantine.dev/guides/vitest/).
const getComputedStyle = window.getComputedStyle.bind(window);
// jsdom does not implement pseudo-element styles and reports it through console.error.
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};

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
