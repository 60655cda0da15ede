import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, FIRST_PAGES_FILE, firstPagesSchema, type ApiError } from '@clerkly/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const isApiPath = (url: string) =>
  url.startsWith('/api/') ||
  url === '/api' ||
  url.startsWith('/healthz') ||
  url.startsWith('/readyz');

/**
 * The HTML file of each page that has one of its own (the web build's first-pages.json, written
 * by apps/web/vite-plugins/first-page-html.ts: Create Notes, whose file starts fetching its
 * modules with the entry, issue 25). Every other path gets index.html. A build without the file,
 * or with one that cannot be read, serves index.html everywhere: the page only starts later.
 */
function readFirstPages(distDir: string, warn: (message: string) => void) {
  const file = path.join(distDir, FIRST_PAGES_FILE);
  if (!existsSync(file)) return new Map<string, string>();
  try {
    const pages = firstPagesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return new Map(
      Object.entries(pages).filter(([, html]) => existsSync(path.join(distDir, html))),
    );
  } catch {
    warn(`${FIRST_PAGES_FILE} of the web build is unreadable; serving index.html for every page`);
    return new Map<string, string>();
  }
}

/** A request's path as the client-side router matches it: no query, no trailing slash. */
const routePath = (url: string) => {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
};

/**
 * A browser navigating to a client-side route, as opposed to a fetch of a missing resource; `/`
 * is the app's page whatever the client accepts.
 */
const wantsHtmlPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !isApiPath(request.url) &&
  ((request.headers.accept ?? '').includes('text/html') || routePath(request.url) === '/');

/**
 * In production the same process serves the built SPA on the API's port, with history fallback
 * to index.html so deep links work. Everything else that matches no route is a JSON 404.
 */
export default fp(
  async (app) => {
    const distDir = app.config.webDistDir;
    const serveSpa = distDir !== null && existsSync(path.join(distDir, 'index.html'));
    if (distDir !== null && !serveSpa) {
      app.log.warn({ distDir }, 'Web app build not found; serving the API only');
    }
    const firstPages = serveSpa
      ? readFirstPages(distDir, (message) => app.log.warn(message))
      : new Map<string, string>();
    if (serveSpa) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        // `/` is answered below, with its page's HTML.
        index: false,
        // The build writes brotli and gzip siblings (`app.js.br`, `app.js.gz`, vite.config.ts);
        // the file the browser accepts is sent as it is, with no compression per request.
        preCompressed: true,
        // Only the originals are URLs; their compressed siblings are chosen by Accept-Encoding.
        globIgnore: ['**/*.br', '**/*.gz', FIRST_PAGES_FILE],
        setHeaders: (reply, filePath) => {
          // Vite fingerprints everything under assets/, so those can be cached for good.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          void reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      if (serveSpa && wantsHtmlPage(request)) {
        // sendFile picks the .br / .gz sibling by Accept-Encoding too (preCompressed above).
        const html = firstPages.get(routePath(request.url)) ?? 'index.html';
        return reply.header('cache-control', 'no-cache').sendFile(html);
      }
      const body: ApiError = {
        error: {
          code: ERROR_CODES.notFound,
          message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        },
      };
      return reply.code(404).send(body);
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
