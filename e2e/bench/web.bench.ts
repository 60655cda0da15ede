/**
 * `npm run bench:web [-- --runs 3] [-- --no-build] [-- --files] [-- --reports DIR]
 * [-- --pages /create-notes] [-- --presets mobile]` (issue 13 "Pages"): what a browser has to
 * fetch before `/login` and `/create-notes` show their first screen, and Lighthouse's
 * performance, accessibility and best-practices scores for both pages, desktop and mobile presets,
 * medians of `--runs`. Not a timed test: it prints the figures.
 *
 * The app runs as `npm start` runs it (production build, embedded default database) on a temporary
 * data folder and a free port; `/create-notes` is measured signed in, as a user who signed up
 * through the real identity endpoints with the code from the app's outbox. Lighthouse drives
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) through chrome-launcher.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startAppProcess } from '../support/app-process';
import { latestCode } from '../support/outbox';
import { startTlsProxy } from './tls-proxy';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean' },
    // Lists every file of the first screens with its gzipped size.
    files: { type: 'boolean' },
    // Keeps every Lighthouse report (JSON) and its trace in this folder: what LCP, TBT and the rest
    // are made of.
    reports: { type: 'string' },
    // Only these pages or presets (comma-separated, e.g. `--pages /create-notes --presets mobile`):
    // a shorter run for before/after pairs on a shared machine.
    pages: { type: 'string' },
    presets: { type: 'string' },
    // Serves and sizes this build of the web app instead of apps/web/dist (WEB_DIST_DIR): two
    // builds measured back to back in one run of the machine's load.
    dist: { type: 'string' },
    // Writes a V8 CPU profile of each page loading in Chromium at 4× CPU slowdown into this folder
    // (open it in DevTools' Performance panel) and prints where the main thread's time went.
    profile: { type: 'string' },
    // The profile's CPU slowdown (Lighthouse's mobile preset simulates 4× from a run at 1×).
    'cpu-slowdown': { type: 'string', default: '4' },
    // How the browser reaches the app (comma-separated): `direct`, the app's own plain HTTP/1.1
    // port, and `tls-proxy`, HTTPS with HTTP/2 through a reverse proxy, as docs/deploy.md deploys
    // it and as a phone reaches it (the microphone needs a secure context). Lighthouse's
    // simulated phone opens 6 connections per host over HTTP/1.1 and one multiplexed one over
    // HTTP/2, so the two differ in what the page's 40 files cost.
    via: { type: 'string', default: 'direct,tls-proxy' },
  },
});
const RUNS = Number(values.runs);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = path.resolve(values.dist ?? path.join(repoRoot, 'apps', 'web', 'dist'));
const KiB = 1024;

/** The issue's targets: gzipped JS for the first screen, in KiB. */
const JS_BUDGET_KIB = { '/login': 200, '/create-notes': 250 } as const;
type PagePath = keyof typeof JS_BUDGET_KIB;
const ALL_PAGES: PagePath[] = ['/login', '/create-notes'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const ALL_PRESETS = ['desktop', 'mobile'] as const;
type Preset = (typeof ALL_PRESETS)[number];

/** The subset a comma-separated option names, in the usual order; all of them without it. */
function pick<T extends string>(all: readonly T[], option: string | undefined, name: string): T[] {
  if (option === undefined) return [...all];
  const wanted = option.split(',').map((item) => item.trim());
  const unknown = wanted.filter((item) => !all.includes(item as T));
  if (unknown.length > 0)
    throw new Error(`--${name}: unknown ${unknown.join(', ')} (${all.join(', ')})`);
  return all.filter((item) => wanted.includes(item));
}
const PAGES = pick(ALL_PAGES, values.pages, 'pages');
const PRESETS = pick(ALL_PRESETS, values.presets, 'presets');
const ALL_ROUTES = ['direct', 'tls-proxy'] as const;
type Route = (typeof ALL_ROUTES)[number];
const ROUTES = pick(ALL_ROUTES, values.via, 'via');
/** The proxy's certificate is self-signed for this run. */
const ACCEPT_SELF_SIGNED = '--ignore-certificate-errors';

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Signs a new user up (sign-up, e-mailed code, profession) and returns the session cookie. */
async function signUp(baseUrl: string, outboxDir: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (method: string, route: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        origin: baseUrl,
        'content-type': 'application/json',
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const email = `bench.${Date.now()}@example.test`;
  await call('POST', '/api/auth/sign-up/email', {
    email,
    password: 'Sup3r$ecret!',
    firstName: 'Grace',
    lastName: 'Hopper',
    name: 'Grace Hopper',
  });
  await call('POST', '/api/auth/email-otp/verify-email', {
    email,
    otp: await latestCode(email, 0, outboxDir),
  });
  await call('PUT', '/api/users/profile', { profession: 'General Practitioner' });
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** What the first screen of each page waits for before it counts as shown. */
const firstScreen: Record<PagePath, (page: Page) => Promise<void>> = {
  '/login': (page) => page.getByRole('button', { name: 'Login' }).waitFor(),
  '/create-notes': (page) => page.getByRole('textbox', { name: 'Patient Name' }).waitFor(),
};

type Transfer = {
  jsGzip: number;
  cssGzip: number;
  jsBrotli: number;
  cssBrotli: number;
  files: number;
};

/** Size of a built file as the server sends it with the given encoding. */
function encodedSize(urlPath: string, extension: '.gz' | '.br'): number {
  const file = path.join(distDir, urlPath);
  if (existsSync(file + extension)) return statSync(file + extension).size;
  // The build skips a sibling that would not be smaller; the original goes out then.
  return extension === '.gz'
    ? Math.min(gzipSync(readFileSync(file)).length, statSync(file).size)
    : statSync(file).size;
}

/**
 * The JS and CSS the browser fetches until the page's first screen is shown and the network is
 * quiet, in the sizes the server sends (gzip, and brotli, which browsers get).
 */
async function measureTransfer(
  baseUrl: string,
  pagePath: PagePath,
  cookie: string,
): Promise<Transfer> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: pagePath === '/login' ? {} : { cookie },
    });
    const page = await context.newPage();
    const assets = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === baseUrl && /\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
    });
    await page.goto(`${baseUrl}${pagePath}`);
    await firstScreen[pagePath](page);
    await page.waitForLoadState('networkidle');
    const total: Transfer = {
      jsGzip: 0,
      cssGzip: 0,
      jsBrotli: 0,
      cssBrotli: 0,
      files: assets.size,
    };
    for (const asset of assets) {
      const kind = asset.endsWith('.js') ? 'js' : 'css';
      if (values.files)
        console.log(`  ${pagePath} ${(encodedSize(asset, '.gz') / KiB).toFixed(1)} KiB ${asset}`);
      total[`${kind}Gzip`] += encodedSize(asset, '.gz');
      total[`${kind}Brotli`] += encodedSize(asset, '.br');
    }
    return total;
  } finally {
    await browser.close();
  }
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * `--profile DIR`: the page loading in Chromium at 4× CPU slowdown (the network unthrottled), as
 * a V8 CPU profile written to DIR, with a summary: when the requests left, the first paint, the
 * first screen, the long tasks, and the functions and files that took the main thread's time.
 * Build with `vite build --minify false` (and `--dist`) for readable names.
 */
async function profilePage(baseUrl: string, pagePath: PagePath, cookie: string, folder: string) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: pagePath === '/login' ? {} : { cookie },
    });
    const page = await context.newPage();
    // A same-origin page first, so the navigation measured stays in this renderer and profiler.
    await page.goto(`${baseUrl}/logo.svg`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values['cpu-slowdown']) });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: [number, number][] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const requests: [string, string][] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === baseUrl) requests.push([request.method(), url.pathname]);
    });
    const requestTimes = new Map<string, number>();
    await cdp.send('Network.enable');
    let navigationStart = 0;
    cdp.on(
      'Network.requestWillBeSent',
      (event: { request: { url: string; method: string }; timestamp: number; type?: string }) => {
        if (event.type === 'Document') navigationStart = event.timestamp;
        requestTimes.set(
          `${event.request.method} ${new URL(event.request.url).pathname}`,
          event.timestamp,
        );
      },
    );
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(`${baseUrl}${pagePath}`);
    // Nothing is asked of the page until the network is quiet: Playwright's locators poll the
    // page on its own main thread, and their work would show in the profile as the page's.
    await page.waitForLoadState('networkidle');
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await firstScreen[pagePath](page);
    const shownMs = Date.now() - started;
    const timings = await page.evaluate(async () => ({
      paints: performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]),
      longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
      lcp: await new Promise<number>((resolve) =>
        new PerformanceObserver((list) =>
          resolve(Math.round(list.getEntries().at(-1)?.startTime ?? Number.NaN)),
        ).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
    }));
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${pagePath.slice(1)}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));

    console.log(`\nProfile of ${pagePath} at ${values['cpu-slowdown']}× CPU: ${file}`);
    console.log(
      `  first screen shown, network quiet after ${shownMs} ms (wall clock from navigation)`,
    );
    console.log(`  paints: ${timings.paints.map(([name, at]) => `${name} ${at} ms`).join(', ')}`);
    console.log('  requests (ms after the document request):');
    for (const [key, at] of [...requestTimes].sort((a, b) => a[1] - b[1]))
      console.log(`    ${Math.round((at - navigationStart) * 1000)} ${key}`);
    const tasks = timings.longTasks.map(([at, ms]) => `${Math.round(ms)} ms at ${Math.round(at)}`);
    // As Lighthouse counts it: what each task runs over 50 ms, from the first contentful paint on.
    const fcp = timings.paints.find(([name]) => name === 'first-contentful-paint')?.[1] ?? 0;
    const blocking = timings.longTasks.reduce(
      (sum, [at, ms]) => sum + Math.max(0, Math.min(ms, at + ms - Number(fcp)) - 50),
      0,
    );
    console.log(`  largest contentful paint ${timings.lcp} ms`);
    console.log(
      `  long tasks (blocking after FCP ${Math.round(blocking)} ms): ${tasks.join(', ')}`,
    );

    // Self time per function and per file, from the samples.
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) =>
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
    );
    const byFunction = new Map<string, number>();
    const byFile = new Map<string, number>();
    for (const [id, us] of self) {
      const frame = byId.get(id)!.callFrame;
      const fileName = frame.url
        ? path.basename(new URL(frame.url).pathname)
        : `(${frame.functionName || 'native'})`;
      const fn = `${frame.functionName || '(anonymous)'} ${fileName}:${frame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      byFile.set(fileName, (byFile.get(fileName) ?? 0) + us);
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, us]) => `    ${(us / 1000).toFixed(0).padStart(6)} ms ${key}`)
        .join('\n');
    console.log(`  self time by file:\n${top(byFile, 15)}`);
    console.log(`  self time by function:\n${top(byFunction, 30)}`);
    void requests;
  } finally {
    await browser.close();
  }
}

type LighthouseRun = Record<Category, number> & {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Audits of accessibility and best practices that did not pass: what the score lost. */
  failed: string[];
};

async function runLighthouse(
  url: string,
  preset: Preset,
  cookie: string | null,
): Promise<LighthouseRun | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      ACCEPT_SELF_SIGNED,
    ],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // The session cookie of a signed-in visit goes with every request of the page.
        ...(cookie ? { extraHeaders: { cookie } } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (values.reports) {
      mkdirSync(values.reports, { recursive: true });
      const via = url.startsWith('https:') ? 'tls-proxy' : 'direct';
      const name = `${new URL(url).pathname.slice(1)}-${preset}-${via}-${Date.now()}.json`;
      writeFileSync(path.join(values.reports, name), JSON.stringify(result.lhr));
      // The page load's trace as Lighthouse recorded it (unthrottled, before its simulation):
      // what each long task ran. Opens in DevTools' Performance panel.
      writeFileSync(
        path.join(values.reports, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    // A run Lighthouse could not measure (e.g. NO_NAVSTART, its trace lacked the navigation: 2
    // of about 40 runs through the TLS proxy on 29 Nov) has no scores: it is left out of the
    // medians, and the table says how many runs they are of.
    if (result.lhr.runtimeError) {
      console.error(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.code}`);
      return null;
    }
    const { categories, audits } = result.lhr;
    const score = (category: Category) => Math.round((categories[category]?.score ?? 0) * 100);
    const ms = (audit: string) => Math.round(audits[audit]?.numericValue ?? Number.NaN);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      lcpMs: ms('largest-contentful-paint'),
      fcpMs: ms('first-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      failed: (['accessibility', 'best-practices'] as const).flatMap((category) =>
        (categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      ),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (!values['no-build']) {
    console.error('Building the web app and the API...');
    const build = spawnSync('npm', ['run', '-s', 'build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const loadBefore = loadavg();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clerkly-bench-web-'));
  const port = await freePort();
  const app = await startAppProcess({
    port,
    dataDir,
    env: { LOG_LEVEL: 'warn', ...(values.dist ? { WEB_DIST_DIR: distDir } : {}) },
  });
  try {
    const cookie = await signUp(app.baseUrl, path.join(dataDir, 'outbox'));
    console.log(
      `bench:web: app on ${app.baseUrl} (embedded default), Lighthouse runs per cell: ${RUNS}`,
    );

    console.log('\nFirst screen: JS and CSS fetched until it shows and the network is quiet');
    console.log('| Page | JS gzip | CSS gzip | JS brotli | CSS brotli | files | JS target |');
    console.log('|---|---|---|---|---|---|---|');
    for (const pagePath of PAGES) {
      const t = await measureTransfer(app.baseUrl, pagePath, cookie);
      const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;
      const budget = JS_BUDGET_KIB[pagePath];
      const met = t.jsGzip / KiB <= budget ? 'met' : `missed by ${kib(t.jsGzip - budget * KiB)}`;
      console.log(
        `| ${pagePath} | ${kib(t.jsGzip)} | ${kib(t.cssGzip)} | ${kib(t.jsBrotli)} | ${kib(t.cssBrotli)} | ${t.files} | ≤ ${budget} KiB: ${met} |`,
      );
    }

    if (values.profile)
      for (const pagePath of PAGES)
        await profilePage(app.baseUrl, pagePath, cookie, values.profile);

    const proxy = ROUTES.includes('tls-proxy') ? await startTlsProxy(app.baseUrl) : null;
    const origins: Record<Route, string> = {
      direct: app.baseUrl,
      'tls-proxy': proxy?.baseUrl ?? '',
    };
    console.log(`\nLighthouse ${lighthouseVersion()} (medians of ${RUNS})`);
    console.log(
      '| Page | Preset | Via | Performance | Accessibility | Best practices | FCP | LCP | TBT | Audits failed |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    try {
      // `--runs 0` measures the bytes only.
      for (const pagePath of RUNS > 0 ? PAGES : []) {
        for (const preset of PRESETS) {
          // The routes take turns, so a change in the machine's load falls on both alike.
          const runs = new Map<Route, LighthouseRun[]>(ROUTES.map((route) => [route, []]));
          for (let i = 0; i < RUNS; i += 1) {
            for (const route of ROUTES) {
              const run = await runLighthouse(
                `${origins[route]}${pagePath}`,
                preset,
                pagePath === '/login' ? null : cookie,
              );
              if (run) runs.get(route)!.push(run);
            }
          }
          for (const [route, routeRuns] of runs) {
            const m = (key: Exclude<keyof LighthouseRun, 'failed'>) =>
              median(routeRuns.map((run) => run[key]));
            const failed = [...new Set(routeRuns.flatMap((run) => run.failed))];
            const of = routeRuns.length < RUNS ? ` (${routeRuns.length} of ${RUNS} runs)` : '';
            console.log(
              `| ${pagePath} | ${preset} | ${route}${of} | ${m('performance')} | ${m('accessibility')} | ${m('best-practices')} | ${(m('fcpMs') / 1000).toFixed(1)} s | ${(m('lcpMs') / 1000).toFixed(1)} s | ${m('tbtMs')} ms | ${failed.join(', ') || '–'} |`,
            );
          }
        }
      }
    } finally {
      await proxy?.close();
    }
    const loadAfter = loadavg();
    console.log(
      `\nMachine load (1-minute average) before / after: ${loadBefore[0]!.toFixed(2)} / ${loadAfter[0]!.toFixed(2)}`,
    );
  } finally {
    await app.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  const manifest = path.join(repoRoot, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

await main();
