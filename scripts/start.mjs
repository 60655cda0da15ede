#!/usr/bin/env node
// `npm start`: builds the web app and the API when their build is missing or older than their
// sources, then runs the single production process (API + SPA) on the embedded default.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under the given files and folders (node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(p, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

const builds = [
  {
    name: 'web app',
    workspace: '@clerkly/web',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web', 'packages/contracts/src', 'package-lock.json'],
  },
  {
    name: 'API',
    workspace: '@clerkly/api',
    output: 'apps/api/dist/server.js',
    inputs: [
      'apps/api/src',
      'apps/api/tsup.config.ts',
      'packages/contracts/src',
      'package-lock.json',
    ],
  },
];

for (const build of builds) {
  const output = path.join(root, build.output);
  const stale = !existsSync(output) || statSync(output).mtimeMs < newestMtime(build.inputs);
  if (!stale) continue;
  console.error(`Building the ${build.name}...`);
  const result = spawnSync('npm', ['run', '-s', 'build', '-w', build.workspace], {
    cwd: root,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  // Production refuses keys inside DATA_DIR (issue 23): on this one-machine start they are kept
  // in ./keys beside ./data unless KEYS_DIR says otherwise (docs/deploy.md).
  env: { NODE_ENV: 'production', KEYS_DIR: path.join(root, 'keys'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
