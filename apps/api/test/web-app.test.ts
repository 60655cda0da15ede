import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let testApp: TestApp;
const distDir = mkdtempSync(path.join(tmpdir(), 'clerkly-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Clerkly</title>');
  writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  testApp = await buildTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await testApp.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html') =>
  testApp.app.inject({ method: 'GET', url, headers: { accept } });

describe('serving the built web app on the API port', () => {
  it('serves index.html at / and for client-side routes (history fallback)', async () => {
    for (const url of ['/', '/create-notes', '/my-sessions?from=x', '/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Clerkly</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
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
});
