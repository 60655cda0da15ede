import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API runs from `src/` (tsx, tests) and from the bundled `dist/`; both sit inside the
 * package, so its root is found by walking up to its package.json rather than by a fixed `..`.
 */
function findUp(predicate: (dir: string) => boolean): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (predicate(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Could not locate the @clerkly/api package root');
    dir = parent;
  }
}

const isPackage = (name: string) => (dir: string) => {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === name;
};

export const apiPackageRoot = (): string => findUp(isPackage('@clerkly/api'));
export const repoRoot = (): string => findUp(isPackage('clerkly'));

/**
 * The initialised, empty PGlite database the build keeps (scripts/pglite-template.ts, issue 13),
 * one per PGlite version (pinned exactly in package.json), so an upgrade never loads an older one.
 */
export function pgliteTemplateFile(): string {
  const root = apiPackageRoot();
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const version = manifest.dependencies['@electric-sql/pglite'] ?? 'unknown';
  return path.join(root, 'node_modules', '.cache', 'clerkly', `pglite-${version}.tar.gz`);
}
