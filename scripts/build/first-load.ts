import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PlannedRoute, StateKey, VisitorState } from '../../src/app/routes/plan';
import { PRELOAD_AT, preloadTags } from '../../src/app/routes/preload-links';

/**
 * The build's first-load step (runs after the client bundle is written and before the service
 * worker's precache list is made, so everything it writes is precached):
 *
 * 1. The stylesheet is inlined into every HTML file (no request before the first paint).
 * 2. Each screen a signed-out visitor can land on (age question, sign-in, registration, landing,
 *    user agreement: whatever the route table's guards show a signed-out visitor, and has no
 *    parameters) is rendered to HTML by the app's own components: `prerendered/<name>.html`,
 *    painted with no script and hydrated in place.
 * 3. `club-routes.json`: for every route, where a first load ends for each visitor state (the
 *    guards' redirects, decided by the server before any script loads), its prerendered file, and
 *    the chunks its first screen needs (the server names them to the browser as modulepreload).
 * 4. Every HTML file carries `<meta name="club-build">`, which a member's kept screens are checked against.
 */

export const PLAN_FILE = 'club-routes.json';
/** Where prerendered screens go: src/app/routes/plan.ts `prerenderedFile` names the files (the service worker finds them there). */
const PRERENDER_DIR = 'prerendered';
const BOOT_SOURCE = 'src/app/boot/boot.tsx';
const MEMBER_SOURCE = 'src/app/layout/member-layout.tsx';
const SYNC_SOURCE = 'src/sync/start.ts';
const RENDER_SOURCE = 'src/app/prerender/render.tsx';

/** What the server reads: plain data, written by the build. */
export interface BuildPlan {
  build: string;
  routes: Array<
    PlannedRoute & {
      /** The prerendered HTML (relative to the build folder) shown to a signed-out visitor, if any. */
      prerendered?: string;
      /** Chunks (`/assets/…`) of the first screen beyond the shell's own, for a signed-out visitor and a member. */
      preload: { out: string[]; in: string[] };
    }
  >;
}

/** The written bundle, as the first-load step needs it: chunks by file, and the chunk of each source module. */
export interface BundleMap {
  /** `/assets/x.js` → its static imports (`/assets/…`) and group name. */
  chunks: Map<string, { imports: string[]; name: string }>;
  /** Project-relative module path (`src/…`) → the chunk that holds it. */
  chunkOf: Map<string, string>;
}

/** The chunk holding `source` and its static imports, recursively, as `/assets/…` paths (that chunk first). */
export function chunkClosure(bundle: BundleMap, source: string, out: string[] = []): string[] {
  const file = bundle.chunkOf.get(source);
  return file ? fileClosure(bundle, file, out) : out;
}

function fileClosure(bundle: BundleMap, file: string, out: string[]): string[] {
  if (out.includes(file)) return out;
  out.push(file);
  for (const i of bundle.chunks.get(file)?.imports ?? []) fileClosure(bundle, i, out);
  return out;
}

function markPreloads(html: string): string {
  const entry = /<script type="module"[^>]*><\/script>/.exec(html);
  if (!entry) throw new Error('[first-load] index.html has no entry script');
  // Vite's own preloads (the entry's static imports) go there too, first: left where Vite put them,
  // behind the stylesheet, they were found last and waited for a free connection while the entry,
  // which cannot run without them, waited for them.
  const own = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  const rest = own.reduce((h, tag) => h.replace(tag, ''), html);
  return rest.replace(entry[0], `${entry[0]}${own.join('')}${PRELOAD_AT}`);
}

const unique = (xs: string[]) => [...new Set(xs)];
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inlines the stylesheets an HTML file links (removing the links); returns the HTML and the inlined files. */
function inlineStyles(html: string, dir: string): { html: string; files: string[] } {
  const files: string[] = [];
  const out = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_m, file: string) => {
    files.push(file);
    return `<style>${readFileSync(join(dir, file), 'utf8')}</style>`;
  });
  return { html: out, files };
}

export function firstLoad(): Plugin {
  let config: ResolvedConfig;
  const bundle: BundleMap = { chunks: new Map(), chunkOf: new Map() };
  return {
    name: 'club:first-load',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    generateBundle(_options, output) {
      for (const item of Object.values(output)) {
        if (item.type !== 'chunk') continue;
        const file = `/${item.fileName}`;
        bundle.chunks.set(file, { imports: item.imports.map((i) => `/${i}`), name: item.name });
        for (const id of item.moduleIds) {
          const rel = relative(config.root, id).split(sep).join('/');
          if (!rel.startsWith('..')) bundle.chunkOf.set(rel, file);
        }
      }
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const dir = resolve(config.root, config.build.outDir);
        const buildId = createHash('sha256')
          .update([...bundle.chunks.keys()].sort().join('\n'))
          .update(readFileSync(join(dir, 'index.html')))
          .digest('hex')
          .slice(0, 16);

        // The shell: every HTML file starts from it.
        const styled = inlineStyles(readFileSync(join(dir, 'index.html'), 'utf8'), dir);
        const boot = chunkClosure(bundle, BOOT_SOURCE);
        const syncChunks = chunkClosure(bundle, SYNC_SOURCE);
        const shell = markPreloads(styled.html)
          .replace(
            '<head>',
            `<head>\n    <meta name="club-build" content="${buildId}" />\n    <meta name="club-sync" content="${syncChunks.filter((f) => !boot.includes(f) && !styled.html.includes(`"${f}"`)).join(' ')}" />`,
          )
          .replace(PRELOAD_AT, `${preloadTags(boot.filter((f) => !styled.html.includes(`"${f}"`)))}${PRELOAD_AT}`);
        for (const f of styled.files) unlinkSync(join(dir, f));
        writeFileSync(join(dir, 'index.html'), shell);

        const inShell = (f: string) => shell.includes(`"${f}"`);
        const dataChunks = new Set([...bundle.chunks].filter(([, c]) => c.name === 'data').map(([f]) => f));
        const sync = chunkClosure(bundle, SYNC_SOURCE);
        const member = chunkClosure(bundle, MEMBER_SOURCE);
        for (const [what, list] of [
          ['boot', boot],
          ['sync start', sync],
          ['member layout', member],
        ] as const) {
          if (!list.length) throw new Error(`[first-load] no chunk holds the ${what} module`);
        }
        // The app's own route table and guards, from the prerender module (built by Vite like the app).
        const app = await loadPrerender(config.root);
        const pageOf = (path: string) => chunkClosure(bundle, app.PAGE_SOURCES[path]!);
        const preloadFor = (path: string) => {
          const page = pageOf(path);
          // A page that reads the local database also acts through the sync engine (sign-in,
          // registration, pulls on open): for a signed-out visitor it is part of being usable.
          const out = unique([...page, ...boot, ...(page.some((f) => dataChunks.has(f)) ? sync : [])]).filter(
            (f) => !inShell(f),
          );
          const member_ = unique([...page, ...member, ...boot]).filter((f) => !inShell(f));
          return { out, in: member_ };
        };

        // Prerender the signed-out screens.
        const plan: BuildPlan = { build: buildId, routes: [] };
        mkdirSync(join(dir, PRERENDER_DIR), { recursive: true });
        const signedOut = app.VISITOR_STATES.filter((s) => !s.state.signedIn);
        for (const route of app.routePlan(app.ROUTES)) {
          const preload = preloadFor(route.path);
          const entry: BuildPlan['routes'][number] = { ...route, preload };
          const shownTo = signedOut.find((s) => 'show' in route.visit[s.key]);
          if (shownTo && !route.path.includes(':')) {
            const page = await renderOrWarn(app.renderScreen, route.path, shownTo.state);
            if (page) {
              const file = app.prerenderedFile(route.path);
              const html = shell
                .replace('<html lang="uk">', `<html lang="uk" data-theme="${page.theme}">`)
                .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
                .replace(PRELOAD_AT, preloadTags(preload.out))
                .replace(
                  '<div id="root"></div>',
                  `<div id="root" data-prerendered="${route.path}">${earlyButtons(page.html)}</div>`,
                );
              if (!html.includes(`data-prerendered="${route.path}"`))
                throw new Error('index.html has no empty <div id="root"></div> to prerender into');
              writeFileSync(join(dir, file), html);
              entry.prerendered = file;
            }
          }
          plan.routes.push(entry);
        }
        writeFileSync(join(dir, PLAN_FILE), JSON.stringify(plan));
        precompress(dir);
      },
    },
  };
}

/**
 * The prerendered screen's buttons wait for the app: disabled and marked `data-early` until the
 * screen is hydrated (src/app/boot/typed-early.ts enables them). Those the screen itself renders
 * disabled stay as they are.
 */
export function earlyButtons(html: string): string {
  return html.replace(/<button(?![^>]*\sdisabled="")/g, '<button disabled="" data-early=""');
}

/**
 * Brotli copies (`x.js.br`) of the text files, at the highest setting: made once here rather than
 * by the server on a visitor's request; the server sends them to browsers that accept brotli
 * (about a sixth smaller than gzip). The service worker's file is written later and goes gzipped.
 */
function precompress(dir: string): void {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (e.name.startsWith('.') ? [] : walk(join(d, e.name))) : [join(d, e.name)],
    );
  for (const file of walk(dir)) {
    if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
    const body = readFileSync(file);
    if (body.length <= 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  }
}

type Renderer = (path: string, state: VisitorState) => Promise<{ html: string; title: string; theme: string } | null>;

/** What src/app/prerender/render.tsx exports, built for Node. */
interface Prerender {
  renderScreen: Renderer;
  routePlan(specs: unknown): PlannedRoute[];
  ROUTES: unknown;
  PAGE_SOURCES: Record<string, string>;
  VISITOR_STATES: ReadonlyArray<{ key: StateKey; state: VisitorState }>;
  prerenderedFile(path: string): string;
}

/** Builds the prerender module for Node with the app's own sources and loads it. */
async function loadPrerender(root: string): Promise<Prerender> {
  const out = mkdtempSync(join(tmpdir(), 'club-prerender-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      // Self-contained (the folder is outside the project, where no node_modules is found).
      ssr: { noExternal: true },
      build: { ssr: RENDER_SOURCE, outDir: out, emptyOutDir: true, minify: false, copyPublicDir: false },
    });
    installNodeStubs();
    return (await import(pathToFileURL(join(out, 'render.js')).href)) as Prerender;
  } finally {
    // The module is loaded; its lazily imported page chunks are read on first render, so the
    // folder goes when the process ends.
    process.once('exit', () => existsSync(out) && rmSync(out, { recursive: true, force: true }));
  }
}

/** Storage as an empty, in-memory one: screens read `localStorage`/`sessionStorage` when they first render. */
function installNodeStubs(): void {
  const g = globalThis as Record<string, unknown>;
  const memory = () => {
    const m = new Map<string, string>();
    return {
      get length() {
        return m.size;
      },
      key: (i: number) => [...m.keys()][i] ?? null,
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, String(v)),
      removeItem: (k: string) => void m.delete(k),
      clear: () => m.clear(),
    };
  };
  g.localStorage ??= memory();
  g.sessionStorage ??= memory();
}

/** A screen that cannot render outside a browser is served by the shell instead; the build says so. */
async function renderOrWarn(render: Renderer, path: string, state: VisitorState) {
  try {
    const page = await render(path, state);
    if (page && !page.html.trim()) return null;
    return page;
  } catch (e) {
    console.warn(
      `[first-load] ${path} is not prerendered (${e instanceof Error ? e.message : String(e)}); the shell serves it`,
    );
    return null;
  }
}
