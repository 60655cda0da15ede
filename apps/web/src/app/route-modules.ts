/*
 * The signed-in layout and the Create Notes page, as the router loads them (router.tsx). Kept here
 * so that `start-first-page.ts` can ask for the same modules before the app has started. The build
 * preloads them from Create Notes' own HTML (`firstPageHtml` in vite.config.ts names the same two
 * files; its build fails if either has no chunk of its own).
 */
export const loadAppLayout = () => import('./layouts/app-layout');
export const loadCreateNotesPage = () => import('../features/create-notes/routes/create-notes');
