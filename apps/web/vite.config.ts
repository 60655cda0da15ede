import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// In development the API runs on its own port; in production one process serves both
// (ARCHITECTURE "Shape"), so the SPA always calls same-origin paths.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The audio worklet must be a file: the content security policy allows scripts from 'self'
    // only, and a data: URL module would be refused (issue 9, `pcm-capture.js`).
    assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
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
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
