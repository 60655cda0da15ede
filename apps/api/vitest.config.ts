import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Real speech recognition and real server processes: generous, but a hang still fails.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
