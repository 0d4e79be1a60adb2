import type { Context } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { brandAsset, brandOfHost } from '../src/domain/club/brand';
import { isAppRoute } from '../src/domain/route-table';
import { withPreloads } from '../src/app/routes/preload-links';
import type { AppEnv } from './context';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.webmanifest', '.txt', '.wasm']);
/** What /favicon.ico answers (src/domain/club/brand.ts names each brand's own copy). */
const FAVICON_ICO = '/icons/icon-192.png';
/** Always revalidated: they name the current build. */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.json', '/manifest.webmanifest']);

interface Entry {
  body: Buffer;
  gzip: Buffer | null;
  /** Brotli: written by the build beside the file (`x.js.br`), or made here for an HTML answer. */
  br: Buffer | null;
  type: string;
  mtime: number;
}

/** A path with its %-escapes decoded, or null when they are not valid UTF-8 (`/%ff`, `/%E0%A4%A`). */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The build's brotli copy of a file (`x.js.br`), unless it is older than the file. */
async function builtBrotli(file: string, mtime: number): Promise<Buffer | null> {
  try {
    const st = await stat(`${file}.br`);
    return st.mtimeMs >= mtime ? await readFile(`${file}.br`) : null;
  } catch {
    return null;
  }
}

/** Brotli for an answer made at run time (fast setting: it is made once per route and kept). */
const brotliNow = (b: Buffer) =>
  brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length } });
const brotliAsync = promisify(brotliCompress);
/**
 * Brotli at the build's own setting, for a file rewritten for this deployment (server/page-config.ts):
 * too slow to make on the event loop, so made off it (libuv's pool) while the fast
 * setting's copy (14 % larger) is served.
 */
const brotliBest = (b: Buffer) =>
  brotliAsync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length } });

/** A built file as this deployment serves it (server/page-config.ts), or null when it stays as built. */
export type Rewrite = (path: string, body: Buffer) => Buffer | null;

/** The build's route plan (scripts/build/first-load.ts writes it): plain data, read as such. */
const PLAN_FILE = 'club-routes.json';

/** A list's first-view pictures for this request of `path` (server/first-view-pictures.ts), or []. */
export type FirstPictures = (c: Context<AppEnv>, path: string) => Promise<string[]>;
/** How many shells (route, visitor kind, pictures) are kept compressed at once. */
const MAX_SHELLS = 200;

type Visit = { show: true } | { redirect: string } | { app: true };
interface PlannedRoute {
  path: string;
  pattern: string;
  visit: Record<string, Visit>;
  prerendered?: string;
  preload: { out: string[]; in: string[] };
}
interface Plan {
  routes: Array<PlannedRoute & { re: RegExp }>;
  mtime: number;
}

/** The cookies the app's guards read: signed in (`usertoken`), past the age question (`showIs18`). */
function visitorKey(cookieHeader: string | undefined): { key: string; signedIn: boolean } {
  let signedIn = false;
  let is18 = false;
  for (const part of (cookieHeader ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (name === 'usertoken' && value) signedIn = true;
    if (name === 'showIs18' && value === '1') is18 = true;
  }
  return { key: `${signedIn ? 1 : 0}${is18 ? 1 : 0}`, signedIn };
}

/** A redirect target with the original query kept where the target has none of its own (an invite link's `?ref=`). */
function withQuery(target: string, search: string): string {
  if (!search) return target;
  const [path, own = ''] = target.split('?') as [string, string?];
  const q = new URLSearchParams(own);
  for (const [k, v] of new URLSearchParams(search)) if (!q.has(k)) q.set(k, v);
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Serves the built app: hashed assets cached for a year as immutable, the shell files
 * with `no-cache`, any other path that names no file answered as an app route when it is one of
 * the route table's (src/domain/route-table.ts), else the shell with status 404. The answer
 * of the app's not-found handler for GET and HEAD (server/app.ts): as a route on every path it
 * would be a second handler of every call. Null for the API's paths and for a missing asset file.
 *
 * An app route is answered from the build's route plan, by the cookies the app's guards read,
 * before any script runs: a redirect where the guards send this visitor elsewhere (a new visitor
 * at / goes to /is18 in one step); the prerendered screen where a signed-out visitor lands on one;
 * otherwise index.html naming the chunks of that route's first screen (modulepreload), so the
 * browser asks for them at once. Without a plan (an older build), index.html for every route.
 */
export function appFiles(
  dir: string,
  ogoHost?: string | null,
  rewrite?: Rewrite,
  firstPictures?: FirstPictures,
): (c: Context<AppEnv>) => Promise<Response | null> {
  const root = resolve(dir);
  const cache = new Map<string, Entry>();
  let plan: Plan | null = null;
  /** index.html with a route's preloads, by route and visitor kind. */
  const shells = new Map<string, Entry>();

  async function loadPlan(): Promise<Plan | null> {
    try {
      const file = join(root, PLAN_FILE);
      const st = await stat(file);
      if (plan && plan.mtime === st.mtimeMs) return plan;
      const data = JSON.parse(await readFile(file, 'utf8')) as { routes: PlannedRoute[] };
      plan = { mtime: st.mtimeMs, routes: data.routes.map((r) => ({ ...r, re: new RegExp(r.pattern, 'i') })) };
      shells.clear();
      return plan;
    } catch {
      return null;
    }
  }

  /** index.html naming the route's first-screen chunks (and, on a list, its first pictures). */
  function shellFor(index: Entry, route: PlannedRoute, signedIn: boolean, pictures: readonly string[]): Entry {
    const key = `${route.path} ${signedIn ? 'in' : 'out'} ${index.mtime} ${pictures.join(' ')}`;
    let hit = shells.get(key);
    if (hit) return hit;
    // Where the build marked the place (after the entry script, ahead of the inlined stylesheet).
    const body = Buffer.from(
      withPreloads(index.body.toString('utf8'), signedIn ? route.preload.in : route.preload.out, pictures),
    );
    hit = { body, gzip: gzipSync(body), br: brotliNow(body), type: index.type, mtime: index.mtime };
    // A list's pictures change with the catalogue: the shells kept stay few.
    if (shells.size >= MAX_SHELLS) shells.clear();
    shells.set(key, hit);
    return hit;
  }

  /** The answer for an app route (a path that names no file). */
  async function route(c: Context<AppEnv>, path: string): Promise<Response> {
    const index = await load('/index.html');
    if (!index) return c.text('The app is not built yet: run `npm run build`.', 503);
    // A path of no screen of docs/rules.md#screens (`/nonexistent`, `/healthz`): the app's shell, which shows
    // its 404 page, with status 404, so monitors and crawlers see what it is.
    if (!isAppRoute(path)) return send(c, index, '/index.html', false, 404);
    const p = await loadPlan();
    const r = p?.routes.find((x) => x.re.test(path));
    if (!r) return send(c, index, '/index.html', true);
    const visitor = visitorKey(c.req.header('cookie'));
    const visit = r.visit[visitor.key];
    if (visit && 'redirect' in visit) {
      // Where the guards send a signed-out visitor to a prerendered screen (a new visitor at /
      // to the age question), that screen at once: a redirect cost a phone a round trip before
      // anything showed. The app puts the screen's own address in the bar (src/main.tsx).
      const shown =
        !visitor.signedIn && !visit.redirect.includes('?')
          ? p!.routes.find((x) => x.re.test(visit.redirect))
          : undefined;
      const page =
        shown?.prerendered && shown.path === visit.redirect && 'show' in (shown.visit[visitor.key] ?? {})
          ? await load(`/${shown.prerendered}`)
          : null;
      if (page) return send(c, page, '/index.html', true);
      const search = new URL(c.req.url).search;
      return c.body(null, 302, {
        location: withQuery(visit.redirect, search),
        'cache-control': 'no-store',
        vary: 'cookie',
      });
    }
    if (visit && 'show' in visit && !visitor.signedIn && r.prerendered) {
      const page = await load(`/${r.prerendered}`);
      if (page) return send(c, page, '/index.html', true);
    }
    const pictures = visitor.signedIn && firstPictures ? await firstPictures(c, path).catch(() => []) : [];
    return send(c, shellFor(index, r, visitor.signedIn, pictures), '/index.html', true);
  }

  async function load(rel: string): Promise<Entry | null> {
    const file = normalize(join(root, rel));
    if (!file.startsWith(root)) return null;
    try {
      const st = await stat(file);
      if (!st.isFile()) return null;
      const hit = cache.get(file);
      if (hit && hit.mtime === st.mtimeMs) return hit;
      const built = await readFile(file);
      // The build's brotli copy is of the file as built: a rewritten one is compressed here.
      const rewritten = rewrite?.(`/${relative(root, file).split(sep).join('/')}`, built) ?? null;
      const body = rewritten ?? built;
      const ext = extname(file).toLowerCase();
      const compress = COMPRESSIBLE.has(ext) && body.length > 1024;
      const entry: Entry = {
        body,
        gzip: compress ? gzipSync(body) : null,
        br: !compress
          ? null
          : rewritten
            ? brotliNow(body)
            : ((await builtBrotli(file, st.mtimeMs)) ?? (ext === '.html' ? brotliNow(body) : null)),
        type: TYPES[ext] ?? 'application/octet-stream',
        mtime: st.mtimeMs,
      };
      cache.set(file, entry);
      if (rewritten && entry.br)
        void brotliBest(body).then(
          (br) => (entry.br = br),
          () => undefined,
        );
      return entry;
    } catch {
      return null;
    }
  }

  function send(
    c: Context<AppEnv>,
    entry: Entry,
    path: string,
    byCookie = false,
    status: 200 | 404 = 200,
    byHost = false,
  ) {
    const cacheControl =
      NO_CACHE.has(path) || entry.type.startsWith('text/html')
        ? 'no-cache'
        : path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600';
    const accepts = c.req.header('accept-encoding') ?? '';
    const br = entry.br && accepts.includes('br');
    const gz = !br && entry.gzip && accepts.includes('gzip');
    const headers: Record<string, string> = {
      'content-type': entry.type,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    };
    // An app route's answer depends on the visitor's cookies.
    if (byCookie) headers.vary = 'accept-encoding, cookie';
    if (byHost) headers.vary = 'accept-encoding, host';
    if (path === '/sw.js') headers['service-worker-allowed'] = '/';
    if (br) headers['content-encoding'] = 'br';
    else if (gz) headers['content-encoding'] = 'gzip';
    const data = br ? entry.br! : gz ? entry.gzip! : entry.body;
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    return c.body(new Uint8Array(data), status, headers);
  }

  return async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return null;
    const path = decodedPath(c.req.path);
    if (path === null) return c.json({ error: { code: 'bad_path', message: 'Некоректна адреса' } }, 400);
    if (path.startsWith('/api/') || path.startsWith('/mapi/') || path.startsWith('/dev/')) return null;
    // The favicon and the icons are the host's brand's (ogo's own on OGO_HOST). /favicon.ico,
    // which browsers ask for on their own, is the brand's small icon (a PNG they all read there).
    const asked = path === '/favicon.ico' ? FAVICON_ICO : path;
    const own = brandAsset(asked, brandOfHost(c.req.header('host') ?? '', ogoHost));
    const entry = path === '/' ? null : await load(own);
    if (entry) return send(c, entry, path, false, 200, brandAsset(asked, 'ogo') !== asked);
    // Missing asset files are real 404s; anything else is an app route.
    if (extname(path) && !path.endsWith('.html')) return null;
    return route(c, path);
  };
}
