/**
 * Lighthouse on the sign-in page (/Login): performance, accessibility and best-practices scores for the desktop
 * and the mobile form factor (each LIGHTHOUSE_RUNS times, default 5, then the medians), plus the JavaScript the
 * page downloads (gzip bytes on the wire), counted twice: by Lighthouse's network records and by Playwright summing
 * the script responses' transfer sizes; and, from the build's manifest, /Login's first load and the largest first load
 * of any route (bench/web-weight.ts). Prints figures and whether each meets its target.
 *
 *   npx tsx bench/lighthouse-login.bench.ts        (or: npm run bench lighthouse)
 *
 * Starts the app as `npm start` does (the built web app served by the server) on a free port with a fresh embedded
 * database under /tmp, and stops it afterwards. Builds apps/web first when apps/web/dist is missing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { measureWebWeight } from './web-weight';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, app: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`The app exited with code ${app.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The app did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/** The server half of `npm start` (the web half is the build in apps/web/dist), on its own port and database. */
async function startApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(join(root, 'apps/web/dist/.vite/manifest.json'))) {
    console.log('apps/web/dist (or its manifest) is missing: building the web app');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The web build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'open-cpq-lighthouse-'));
  const url = `http://127.0.0.1:${port}`;
  const app = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (app.exitCode === null && app.pid) {
      process.kill(-app.pid, 'SIGTERM');
      await new Promise((resolve) => app.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, app);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

type TFormFactor = 'desktop' | 'mobile';
type TLighthouseFigures = {
  scores: Record<string, number | null>;
  jsGzipBytes: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
};

async function runLighthouse(url: string, formFactor: TFormFactor): Promise<TLighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
      ]),
    );
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
        ?.items ?? [];
    const jsGzipBytes = requests
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    return {
      scores,
      jsGzipBytes,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}

type TScriptFigures = { files: number; wireBytes: number; rawBytes: number; gzipBytes: number; encodings: string[] };

/**
 * Playwright's count: the scripts /Login loads until the network is idle. `wireBytes` is what was sent (the
 * content-length, or Chromium's encoded body size), `gzipBytes` what the same files weigh gzip-compressed (level 6,
 * as servers compress), so the figure is comparable whether or not the server compresses.
 */
async function measureScriptsWithPlaywright(url: string): Promise<TScriptFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts: Promise<{ wire: number; raw: number; gzip: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          const headers = (await response?.allHeaders()) ?? {};
          const body = (await response?.body()) ?? Buffer.alloc(0);
          const header = Number(headers['content-length'] ?? Number.NaN);
          return {
            wire: Number.isFinite(header) ? header : sizes.responseBodySize,
            raw: body.length,
            gzip: gzipSync(body, { level: 6 }).length,
            encoding: headers['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });
    await page.goto(`${url}/Login`, { waitUntil: 'networkidle' });
    const all = await Promise.all(scripts);
    const sum = (pick: (s: (typeof all)[number]) => number) => all.reduce((total, s) => total + pick(s), 0);
    return {
      files: all.length,
      wireBytes: sum((s) => s.wire),
      rawBytes: sum((s) => s.raw),
      gzipBytes: sum((s) => s.gzip),
      encodings: [...new Set(all.map((s) => s.encoding))],
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

/** The targets the figures are held to: gzip JavaScript in KiB, and Lighthouse's mobile performance median. */
const TARGETS = { loginKiB: 150, routeKiB: 250, mobilePerformance: 95 } as const;
const verdict = (isMet: boolean): string => (isMet ? 'met' : 'NOT met');

/** The build's first loads (from its manifest): /Login's, and the largest of any route's. */
function printWebWeight(): void {
  const weight = measureWebWeight(join(root, 'apps/web/dist'));
  const { login, largest } = weight;
  console.log(
    `Build: /Login loads ${kb(login.gzipBytes)} gzip JS in ${login.files} files ` +
      `(target <= ${TARGETS.loginKiB} KiB: ${verdict(login.gzipBytes <= TARGETS.loginKiB * 1024)}); ` +
      `largest first load of a route ${kb(largest.gzipBytes)} (${largest.page}; target <= ${TARGETS.routeKiB} KiB: ` +
      `${verdict(largest.gzipBytes <= TARGETS.routeKiB * 1024)})`,
  );
  const over = weight.routes.filter((route) => route.gzipBytes > TARGETS.routeKiB * 1024);
  if (over.length > 0) console.log(`  ${over.length} of ${weight.routes.length} route chunks are over the target`);
}

/** Lighthouse's simulated timings move by a few points from run to run: each form factor runs this many times. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Each figure's median over the runs (so the scores shown may come from different runs). */
function medianFigures(runs: TLighthouseFigures[]): TLighthouseFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id] ?? Number.NaN))]),
  );
  return {
    scores,
    jsGzipBytes: median(runs.map((run) => run.jsGzipBytes)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
  };
}

function formatFigures(figures: TLighthouseFigures): string {
  const scores = CATEGORIES.map((id) => `${id} ${figures.scores[id] ?? 'n/a'}`).join(', ');
  return (
    `${scores}; FCP ${Math.round(figures.fcpMs)} ms, LCP ${Math.round(figures.lcpMs)} ms, ` +
    `TBT ${Math.round(figures.tbtMs)} ms; JS transferred ${kb(figures.jsGzipBytes)}`
  );
}

async function main(): Promise<void> {
  const app = await startApp();
  printWebWeight();
  try {
    const loginUrl = `${app.url}/Login`;
    console.log(`Lighthouse ${loginUrl} (Chromium ${CHROMIUM})`);
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const runs: TLighthouseFigures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const figures = await runLighthouse(loginUrl, formFactor);
        runs.push(figures);
        console.log(`  ${formFactor.padEnd(7)} run ${run}: ${formatFigures(figures)}`);
      }
      const medians = medianFigures(runs);
      const target =
        formFactor === 'mobile'
          ? ` (target >= ${TARGETS.mobilePerformance}: ${verdict((medians.scores.performance ?? 0) >= TARGETS.mobilePerformance)})`
          : '';
      console.log(`  ${formFactor.padEnd(7)} median: ${formatFigures(medians)}${target}`);
    }
    const scripts = await measureScriptsWithPlaywright(app.url);
    console.log(
      `Playwright: ${scripts.files} script files on /Login: ${kb(scripts.wireBytes)} transferred ` +
        `(content-encoding ${scripts.encodings.join('/')}), ${kb(scripts.rawBytes)} uncompressed, ` +
        `${kb(scripts.gzipBytes)} gzip`,
    );
  } finally {
    await app.stop();
  }
}

await main();
