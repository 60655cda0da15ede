import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

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
