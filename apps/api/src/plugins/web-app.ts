import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, type ApiError } from '@clerkly/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const isApiPath = (url: string) =>
  url.startsWith('/api/') ||
  url === '/api' ||
  url.startsWith('/healthz') ||
  url.startsWith('/readyz');

/** A browser navigating to a client-side route, as opposed to a fetch of a missing resource. */
const wantsHtmlPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !isApiPath(request.url) &&
  (request.headers.accept ?? '').includes('text/html');

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
    if (serveSpa) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: 'index.html',
        // The build writes brotli and gzip siblings (`app.js.br`, `app.js.gz`, vite.config.ts);
        // the file the browser accepts is sent as it is, with no compression per request.
        preCompressed: true,
        // Only the originals are URLs; their compressed siblings are chosen by Accept-Encoding.
        globIgnore: ['**/*.br', '**/*.gz'],
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
        // sendFile picks index.html.br / .gz by Accept-Encoding too (preCompressed above).
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
