import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './support/server';

/**
 * Browser tests drive the built app, served by the API in production mode, in Debian's Chromium
 * (never `playwright install`: the system Chromium is the one the app is checked with), as its
 * headless shell: the same Blink and V8 without the browser's own interface, which on these 2-core
 * machines left the suite CPU-bound (docs/decisions/031). CHROMIUM_PATH=/usr/bin/chromium runs
 * them in the full browser.
 */
export default defineConfig({
  testDir: './tests',
  // Spec files run two at a time against the shared app (each test signs up its own clinician;
  // a spec that needs an app of its own starts it on its own port, support/server.ts); the tests
  // within a file run in order. E2E_WORKERS=1 runs them one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
