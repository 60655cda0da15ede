import { defineConfig } from 'tsup';

// Bundles the API (and the contracts package, which ships TypeScript source) into dist/.
export default defineConfig({
  // The builtin note engine's worker thread is loaded by file name (engines/notes/threaded.notes.ts).
  entry: {
    server: 'src/server.ts',
    'builtin.thread': 'src/engines/notes/builtin.thread.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@clerkly/contracts'],
});
