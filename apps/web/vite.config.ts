import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { paths } from './src/config/paths';
import { firstPageHtml } from './vite-plugins/first-page-html';
import { preloadSessionProbe } from './vite-plugins/preload-session-probe';

// In development the API runs on its own port; in production one process serves both
// (decision 001), so the SPA always calls same-origin paths.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    preloadSessionProbe(),
    // Where a signed-in clinician lands: Create Notes, and `/`, which leads there. The modules
    // are the ones `src/app/route-modules.ts` loads for it.
    firstPageHtml([
      {
        html: 'create-notes.html',
        paths: [paths.home, paths.createNotes],
        modules: [
          'src/app/layouts/app-layout.tsx',
          'src/features/create-notes/routes/create-notes.tsx',
        ],
      },
    ]),
    // Brotli and gzip siblings of every text asset, made once at build time; the API sends the
    // one the browser accepts (plugins/web-app.ts, decision 010).
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    // The audio worklet must be a file: the content security policy allows scripts from 'self'
    // only, and a data: URL module would be refused (issue 9, `pcm-capture.js`).
    assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    // No library chunk groups: they put every library in two chunks that index.html preloads,
    // the rich-text editor included. The bundler's own split follows the lazy routes, so each
    // page loads the libraries it uses (decision 010).
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One group only: what the entry imports statically (React, Mantine's base, the router,
          // the API client and its schemas), which every page runs before its first render, is
          // one file instead of the entry and 19 small shared chunks. No page loads more code;
          // on HTTP/1.1 (6 connections) the 19 requests cost a phone on a slow link several
          // round trips (issue 25, decision 010).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/healthz': API_ORIGIN,
      '/readyz': API_ORIGIN,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Two files at a time (vitest's default on 2 cores is one), and a worker runs file after file
    // in one jsdom page with the modules it has loaded: a fresh page and module graph per file
    // cost 42–67 s of environment set-up and 26–37 s of import per run on this 2-core machine
    // (docs/decisions/031). Each test renders its own app and query client (testing/render-app);
    // RTL's cleanup, restoreMocks, unstubGlobals and setup-tests.ts reset the page, the mocks,
    // the toasts and storage between tests. VITEST_MAX_WORKERS overrides the worker count.
    maxWorkers: 2,
    isolate: false,
    // Time limits that catch a hang, not a slow machine (issue 22). A test that renders the app
    // needs 1–4 s of CPU for jsdom, Mantine and the lazily loaded pages; on 2 cores shared with
    // other work (load 6–19 measured) it gets a fraction of that, and the default 5 s limit then
    // failed tests whose app was still working. What a test waits for is a thing on the page
    // (`findBy*`, `waitFor`), never an amount of time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
