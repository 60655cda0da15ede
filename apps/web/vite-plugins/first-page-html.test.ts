import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadLinks } from './first-page-html';

type Chunk = { file: string; module?: string; entry?: boolean; imports?: string[]; css?: string[] };

/** The parts of an output bundle the links are made from. */
function bundleOf(chunks: Chunk[]): Rollup.OutputBundle {
  return Object.fromEntries(
    chunks.map((chunk) => [
      chunk.file,
      {
        type: 'chunk',
        fileName: chunk.file,
        facadeModuleId: chunk.module ?? null,
        isEntry: chunk.entry ?? false,
        imports: chunk.imports ?? [],
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      } as unknown as Rollup.OutputChunk,
    ]),
  );
}

const BUNDLE = bundleOf([
  { file: 'assets/index.js', module: '/app/src/main.tsx', entry: true, css: ['assets/index.css'] },
  {
    file: 'assets/layout.js',
    module: '/app/src/layout.tsx',
    imports: ['assets/index.js', 'assets/Button.js'],
    css: ['assets/layout.css'],
  },
  {
    file: 'assets/page.js',
    module: '/app/src/page.tsx',
    imports: ['assets/index.js', 'assets/Button.js', 'assets/Select.js'],
  },
  { file: 'assets/Button.js', imports: ['assets/index.js'] },
  {
    file: 'assets/Select.js',
    imports: ['assets/index.js', 'assets/Popover.js'],
    css: ['assets/index.css'],
  },
  { file: 'assets/Popover.js', imports: ['assets/index.js'] },
  // Another page's: not the first page's business.
  { file: 'assets/editor.js', module: '/app/src/editor.tsx', imports: ['assets/index.js'] },
]);

describe("a first page's preloads (issue 25)", () => {
  it('lists its route modules, then every chunk they import, once, without what index.html loads', () => {
    expect(preloadLinks(BUNDLE, ['/app/src/layout.tsx', '/app/src/page.tsx'])).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/layout.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/page.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Button.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Select.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Popover.js">',
      // A stylesheet as a preload (it must not hold back the first paint), and not the entry's.
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/layout.css">',
    ]);
  });

  it('refuses a route module that has no chunk of its own', () => {
    expect(() => preloadLinks(BUNDLE, ['/app/src/missing.tsx'])).toThrow(/missing\.tsx/);
  });
});
