import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let testApp: TestApp;
const distDir = mkdtempSync(path.join(tmpdir(), 'clerkly-dist-'));

const INDEX_HTML = '<!doctype html><title>Clerkly</title>';
// Create Notes' own HTML, as apps/web/vite-plugins/first-page-html.ts writes it (issue 25).
const CREATE_NOTES_HTML =
  '<!doctype html><title>Clerkly</title><link rel="modulepreload" href="/assets/app-1234.js">';
const APP_JS = 'console.log("the app");'.repeat(20);

/** A file with the brotli and gzip siblings the web build writes next to it. */
const writeWithCompressed = (file: string, text: string) => {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
};

beforeAll(async () => {
  mkdirSync(path.join(distDir, 'assets'));
  writeWithCompressed(path.join(distDir, 'index.html'), INDEX_HTML);
  writeWithCompressed(path.join(distDir, 'create-notes.html'), CREATE_NOTES_HTML);
  writeFileSync(
    path.join(distDir, 'first-pages.json'),
    JSON.stringify({ '/': 'create-notes.html', '/create-notes': 'create-notes.html' }),
  );
  writeWithCompressed(path.join(distDir, 'assets', 'app-1234.js'), APP_JS);
  // Built before compression was added: served as it is.
  writeFileSync(path.join(distDir, 'assets', 'plain-5678.css'), 'body{margin:0}');
  testApp = await buildTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await testApp.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html', acceptEncoding?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    headers: { accept, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('serving the built web app on the API port', () => {
  it('serves index.html for client-side routes (history fallback)', async () => {
    for (const url of ['/login', '/my-sessions?from=x', '/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("serves Create Notes' own HTML at / and /create-notes, with or without a query or slash", async () => {
    for (const url of ['/', '/create-notes', '/create-notes/', '/create-notes?plan=x']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(CREATE_NOTES_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    // `/` is the app's page whatever the client accepts (a health probe, curl).
    expect((await get('/', '*/*')).body).toBe(CREATE_NOTES_HTML);
  });

  it('keeps the page manifest out of the URL space', async () => {
    const response = await get('/first-pages.json', '*/*');
    expect(response.statusCode).toBe(404);
  });

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const response = await get('/assets/app-1234.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for API paths and missing files', async () => {
    for (const [url, accept] of [
      ['/api/nothing', 'text/html'],
      ['/assets/missing.js', '*/*'],
    ] as const) {
      const response = await get(url, accept);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('keeps the compressed siblings out of the URL space', async () => {
    const response = await get('/assets/app-1234.js.br', '*/*');
    expect(response.statusCode).toBe(404);
  });
});

describe('precompressed assets chosen by Accept-Encoding (issue 13)', () => {
  it('sends the brotli file to a browser that accepts br, with its type and a year of caching', async () => {
    const response = await get('/assets/app-1234.js', '*/*', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the gzip file when br is not accepted', async () => {
    const response = await get('/assets/app-1234.js', '*/*', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the original to a client that accepts no compression', async () => {
    const response = await get('/assets/app-1234.js', '*/*', 'identity');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(APP_JS);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('falls back to the original when a file has no compressed sibling', async () => {
    const response = await get('/assets/plain-5678.css', '*/*', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('body{margin:0}');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("compresses the pages' HTML at / and on the history fallback, never caching it for long", async () => {
    for (const [url, html] of [
      ['/', CREATE_NOTES_HTML],
      ['/login', INDEX_HTML],
      ['/create-notes', CREATE_NOTES_HTML],
    ] as const) {
      const response = await get(url, 'text/html', 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
  });
});
