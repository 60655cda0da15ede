// Starts the embedded database's thread from TypeScript sources (tests, `npm run dev`): tsx's
// hooks, given to the thread as `--import tsx`, reach a module the thread requires from a
// CommonJS entry file, but not one given to the Worker directly or from evaluated code (Node 20).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS entry is the point
require(require('node:worker_threads').workerData.threadFile);
