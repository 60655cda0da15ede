import type { Plugin } from 'vite';
// By path: the config is bundled and run by Node before Vite's TypeScript handling, and a
// workspace package's `.ts` export would be left for Node to load.
import { API_PATHS } from '../../../packages/contracts/src/api-paths';

/**
 * Issue 25: every page's first question is "who is signed in?" (the route guards ask the session
 * probe before anything else). Asked by the page's own code, it waits for the entry chunk to
 * download and run: on a phone's slow link, most of a second during which the answer could
 * already be on its way. A preload in index.html starts it beside the entry chunk; the first
 * `fetch` of the same URL with the same credentials mode (lib/api-client.ts sends the cookie,
 * hence `use-credentials`) takes the preloaded answer. Later checks fetch afresh.
 */
export const preloadSessionProbe = (): Plugin => ({
  name: 'clerkly:preload-session-probe',
  transformIndexHtml: () => [
    {
      tag: 'link',
      attrs: {
        rel: 'preload',
        href: API_PATHS.sessionProbe,
        as: 'fetch',
        crossorigin: 'use-credentials',
      },
      injectTo: 'head',
    },
  ],
});
