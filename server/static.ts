import type { Context } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
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
/** Always revalidated: they name the current build. */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.json', '/manifest.webmanifest']);

interface Entry {
  body: Buffer;
  gzip: Buffer | null;
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

/**
 * Serves the built app: hashed assets cached for a year as immutable, the shell files
 * with `no-cache`, and any other path that names no file answered with index.html so
 * that deep links work (the service worker does the same offline). The answer of the app's
 * not-found handler for GET and HEAD (server/app.ts): as a route on every path it would be a
 * second handler of every call. Null for the API's paths and for a missing asset file.
 */
export function appFiles(dir: string): (c: Context<AppEnv>) => Promise<Response | null> {
  const root = resolve(dir);
  const cache = new Map<string, Entry>();

  async function load(rel: string): Promise<Entry | null> {
    const file = normalize(join(root, rel));
    if (!file.startsWith(root)) return null;
    try {
      const st = await stat(file);
      if (!st.isFile()) return null;
      const hit = cache.get(file);
      if (hit && hit.mtime === st.mtimeMs) return hit;
      const body = await readFile(file);
      const ext = extname(file).toLowerCase();
      const entry: Entry = {
        body,
        gzip: COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body) : null,
        type: TYPES[ext] ?? 'application/octet-stream',
        mtime: st.mtimeMs,
      };
      cache.set(file, entry);
      return entry;
    } catch {
      return null;
    }
  }

  function send(c: Context<AppEnv>, entry: Entry, path: string) {
    const cacheControl =
      NO_CACHE.has(path) || entry.type.startsWith('text/html')
        ? 'no-cache'
        : path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600';
    const gz = entry.gzip && (c.req.header('accept-encoding') ?? '').includes('gzip');
    const headers: Record<string, string> = {
      'content-type': entry.type,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    };
    if (path === '/sw.js') headers['service-worker-allowed'] = '/';
    if (gz) headers['content-encoding'] = 'gzip';
    const data = gz ? entry.gzip! : entry.body;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(data), 200, headers);
  }

  return async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return null;
    const path = decodedPath(c.req.path);
    if (path === null) return c.json({ error: { code: 'bad_path', message: 'Некоректна адреса' } }, 400);
    if (path.startsWith('/api/') || path.startsWith('/mapi/') || path.startsWith('/dev/')) return null;
    const file = path === '/' ? '/index.html' : path;
    const entry = await load(file);
    if (entry) return send(c, entry, file);
    // Missing asset files are real 404s; anything else is an app route.
    if (extname(path) && !path.endsWith('.html')) return null;
    const index = await load('/index.html');
    if (!index) return c.text('The app is not built yet: run `npm run build`.', 503);
    return send(c, index, '/index.html');
  };
}
