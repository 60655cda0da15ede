import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Two files at a time (vitest's default on 2 cores is one): most of a file's time is waiting
    // (pg-boss polling, retry back-off, idle-connection timers, child processes starting), so a
    // second file fills that time. Each file has its own database (test/helper.ts).
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    // A worker process runs file after file with the modules it has loaded: each file still gets
    // its own app, database and servers (test/helper.ts), and no test changes module state it
    // does not restore. Loading the app's module graph afresh for every file cost 177–234 CPU
    // seconds per pass on this 2-core machine, against 25 s this way (docs/decisions/031).
    isolate: false,
    setupFiles: ['./test/overlapping-queries.setup.ts'],
    // Real speech recognition, real server processes and a fresh database per file. These are
    // hang guards, not speed budgets: beside `stress-ng --cpu 2` this machine ran a file's app
    // set-up (PGlite, migrations, pg-boss) ten times slower than quiet (reference-data.test.ts: 6 s
    // quiet, over 60 s loaded) and whole files were skipped (issues 22, 30). Speed is measured by
    // the benchmarks.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
