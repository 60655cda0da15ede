import { defineConfig } from 'tsup';

// Bundles the API (and the contracts package, which ships TypeScript source) into dist/.
export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@clerkly/contracts'],
});
