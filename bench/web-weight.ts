/**
 * What the built web app (apps/web/dist) makes a browser download first, in gzip bytes of JavaScript, read from the
 * build's manifest: the entry chunk with everything it imports statically, plus the page chunk a route opens (and
 * that chunk's static imports). Every lazy module that the entry's closure or the lazily loaded route table
 * (MAIN_ROUTES) imports counts as a route's page, loaded with that table, so the largest first load covers each
 * route whatever its path.
 *
 *   npx tsx bench/web-weight.ts        (the lighthouse bench prints the same figures)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type TManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type TManifest = Record<string, TManifestChunk>;

export type TFirstLoad = { page: string; files: number; gzipBytes: number };
export type TWebWeight = { login: TFirstLoad; largest: TFirstLoad; routes: TFirstLoad[] };

/** The sign-in page's module: its chunk is /Login's page, under its own key or inside a named group. */
const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';
const LOGIN_GROUP = 'sign-in';
/** The route table of the pages beyond the sign-in screens: it loads before any of its pages. */
const MAIN_ROUTES = 'src/app/routes/main-routes.tsx';

/** The chunk keys a chunk pulls with it when it loads: itself and its static imports, transitively. */
function staticClosure(manifest: TManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return seen;
}

/** Measures apps/web/dist (level 6, as servers compress on the fly, so the figure matches the Playwright count). */
export function measureWebWeight(distDir: string): TWebWeight {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build (the build writes it)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as TManifest;
  const gzipCache = new Map<string, number>();
  const gzipBytes = (file: string): number => {
    const cached = gzipCache.get(file);
    if (cached !== undefined) return cached;
    const size = file.endsWith('.js') ? gzipSync(readFileSync(join(distDir, file)), { level: 6 }).length : 0;
    gzipCache.set(file, size);
    return size;
  };
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const entry = staticClosure(manifest, entryKeys);
  const firstLoad = (page: string, before: Set<string> = entry): TFirstLoad => {
    const keys = new Set([...before, ...staticClosure(manifest, [page])]);
    const files = [...keys].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js'));
    return { page, files: files.length, gzipBytes: files.reduce((sum, file) => sum + gzipBytes(file), 0) };
  };
  // Pages load after the route table (an upper bound for the few that the router matches itself, /Login aside).
  const table = MAIN_ROUTES in manifest ? new Set([...entry, ...staticClosure(manifest, [MAIN_ROUTES])]) : entry;
  const pages = new Set([...table].flatMap((key) => manifest[key]?.dynamicImports ?? []));
  const routes = [...pages].map((page) => firstLoad(page, table)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const loginKey =
    LOGIN_PAGE in manifest ? LOGIN_PAGE : Object.keys(manifest).find((key) => manifest[key]?.name === LOGIN_GROUP);
  if (!loginKey) throw new Error(`The build's manifest has no chunk for ${LOGIN_PAGE}: rebuild apps/web`);
  const largest = routes[0];
  if (!largest) throw new Error('The build has no lazy page: is apps/web/dist a build of this app?');
  return { login: firstLoad(loginKey), largest, routes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = join(import.meta.dirname, '../apps/web/dist');
  const weight = measureWebWeight(dist);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`/Login: ${kib(weight.login.gzipBytes)} gzip JS in ${weight.login.files} files`);
  for (const route of weight.routes) console.log(`  ${kib(route.gzipBytes).padStart(10)}  ${route.page}`);
}
