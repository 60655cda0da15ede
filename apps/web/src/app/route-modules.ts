/*
 * The signed-in layout and the Create Notes page, as the router loads them (router.tsx). Kept here
 * so that `start-first-page.ts` can ask for the same modules before the app has started.
 */
export const loadAppLayout = () => import('./layouts/app-layout');
export const loadCreateNotesPage = () => import('../features/create-notes/routes/create-notes');
