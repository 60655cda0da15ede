import { defineConfig } from 'tsup';

// Bundles the API (and the contracts package, which ships TypeScript source) into dist/.
export default defineConfig({
  // Worker threads are loaded by file name (engines/notes/threaded.notes.ts, sessions/saved-evidence.ts).
  entry: {
    server: 'src/server.ts',
    'builtin.thread': 'src/engines/notes/builtin.thread.ts',
    // The evidence of saved notes is aligned in threads too (modules/sessions/saved-evidence.ts).
    'saved-evidence.thread': 'src/modules/sessions/saved-evidence.thread.ts',
    // The embedded database runs in its own thread (db/pglite-connection.ts).
    'pglite.thread': 'src/db/pglite.thread.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@clerkly/contracts'],
});
