import { z } from 'zod';

/**
 * What the web build tells the server that serves it (issue 25): which HTML file answers which
 * path, for the pages that have one of their own (apps/web/vite-plugins/first-page-html.ts writes
 * it, apps/api/src/plugins/web-app.ts reads it). Paths not in it get index.html.
 */
export const FIRST_PAGES_FILE = 'first-pages.json';

export const firstPagesSchema = z.record(z.string().startsWith('/'), z.string().endsWith('.html'));
export type FirstPages = z.infer<typeof firstPagesSchema>;
