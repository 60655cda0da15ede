import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
// By path, as preload-session-probe.ts explains.
import { FIRST_PAGES_FILE, type FirstPages } from '../../../packages/contracts/src/web-build';

/** A page the app often opens on, given an HTML file of its own (issue 25). */
export type FirstPage = {
  /** The HTML file written beside index.html. */
  html: string;
  /** The URL paths the server answers with it instead of index.html. */
  paths: readonly string[];
  /** The route modules the router renders for it, relative to the web app's folder. */
  modules: readonly string[];
};

/** Every chunk the given chunks import statically, themselves included (by file name). */
function staticClosure(
  roots: readonly Rollup.OutputChunk[],
  byFile: ReadonlyMap<string, Rollup.OutputChunk>,
): Set<string> {
  // Breadth first, in the roots' order: the route modules' own files come first in the HTML.
  const seen = new Set(roots.map((chunk) => chunk.fileName));
  for (const file of seen) {
    for (const imported of byFile.get(file)?.imports ?? []) seen.add(imported);
  }
  return seen;
}

const importedCss = (chunk: Rollup.OutputChunk | undefined): readonly string[] => [
  ...(chunk?.viteMetadata?.importedCss ?? []),
];

/**
 * The `<link>`s that fetch a page's route modules, the chunks they import and their stylesheets
 * beside the entry chunk, leaving out what index.html already loads. The stylesheets are preloads,
 * not `rel=stylesheet`: they would otherwise hold back the first paint, and the router applies
 * them when it renders the page. `crossorigin` as Vite's own preload helper fetches them, so
 * that the helper finds them loaded (it skips any `<link>` already in the document). Low
 * priority: the entry chunk and its stylesheet, which the first paint waits for, go first on a
 * slow link (Lighthouse's simulated phone, through the TLS proxy: FCP 2.3 → 1.9 s, LCP 2.3 →
 * 2.2 s; over HTTP/1.1 FCP 3.2 → 1.9 s).
 */
export function preloadLinks(
  bundle: Rollup.OutputBundle,
  modules: readonly string[],
  base = '/',
): string[] {
  const chunks = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = modules.map((module) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === module);
    if (!chunk) throw new Error(`No chunk of its own for the route module ${module}`);
    return chunk;
  });
  const loadedByIndex = staticClosure(
    chunks.filter((chunk) => chunk.isEntry),
    byFile,
  );
  const cssOfIndex = new Set([...loadedByIndex].flatMap((file) => importedCss(byFile.get(file))));
  const scripts = [...staticClosure(roots, byFile)].filter((file) => !loadedByIndex.has(file));
  const styles = [...new Set(scripts.flatMap((file) => importedCss(byFile.get(file))))].filter(
    (file) => !cssOfIndex.has(file),
  );
  return [
    ...scripts.map(
      (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${file}">`,
    ),
    ...styles.map(
      (file) =>
        `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${base}${file}">`,
    ),
  ];
}

/**
 * Issue 25: the pages the app most often opens on get an HTML file of their own that starts
 * fetching their route modules with the entry chunk, as the HTML is parsed. From index.html the
 * router asks for them only once the entry has downloaded and run (`start-first-page.ts` asks
 * first thing in the entry, still after its download): on a phone's slow link that is most of a
 * second in which the page's files could be arriving. index.html stays as it is, so `/login`
 * fetches nothing of the signed-in pages.
 */
export function firstPageHtml(pages: readonly FirstPage[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'clerkly:first-page-html',
    apply: 'build',
    // After Vite has written index.html into the bundle.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle');
      const html = String(index.source);
      if (!html.includes('</head>')) return this.error('index.html has no </head>');
      const manifest: FirstPages = {};
      for (const page of pages) {
        const modules = page.modules.map((module) => path.resolve(root, module));
        const links = preloadLinks(bundle, modules, base).map((link) => `\n    ${link}`);
        this.emitFile({
          type: 'asset',
          fileName: page.html,
          source: html.replace(/\s*<\/head>/, `${links.join('')}\n  </head>`),
        });
        for (const pagePath of page.paths) manifest[pagePath] = page.html;
      }
      this.emitFile({
        type: 'asset',
        fileName: FIRST_PAGES_FILE,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}
