// Runs the API test suite on the embedded PGlite, then again on PostgreSQL when
// TEST_DATABASE_URL is set (issue 2: the whole suite must pass on both databases).
import { spawnSync } from 'node:child_process';

const extraArgs = process.argv.slice(2);
// The second pass repeats only the database-backed suite (test/); engine and unit tests under
// src/ do not touch the database and need not run twice.
// Two suites start real server processes (test/processes): the restart test on the embedded PGlite
// runs in the first pass only, the cluster of API and worker processes needs PostgreSQL and runs
// in the second.
const runs = [
  {
    label: 'PGlite',
    env: { ...process.env, TEST_DATABASE_URL: '' },
    filter: ['--exclude', 'test/processes/cluster.test.ts'],
  },
];
if (process.env.TEST_DATABASE_URL) {
  runs.push({
    label: 'PostgreSQL',
    env: process.env,
    filter: ['test/', '--exclude', 'test/processes/restart.test.ts'],
  });
}

for (const run of runs) {
  console.log(`\n▶ API tests on ${run.label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...run.filter, ...extraArgs], {
    stdio: 'inherit',
    env: run.env,
  });
  if (result.status !== 0) {
    console.log(`✖ API tests failed on ${run.label}`);
    process.exit(result.status ?? 1);
  }
}
