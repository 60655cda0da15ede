// Runs before the app's modules (a deferred script ahead of them): zod reads this settings object
// when it first loads (`globalThis.__zod_globalConfig`, zod 4). `jitless`: the content security
// policy allows no eval, and zod would otherwise probe `new Function` to compile fast parsers;
// the probe's error is caught, but the browser still reports a CSP violation on every page
// (Lighthouse best practices, issue 13). Set here because a module setting it would run after
// the shared chunk that already built the schemas.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
