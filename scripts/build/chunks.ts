import { resolve } from 'node:path';

/**
 * How the build cuts the app into chunks, so that a first screen asks for few files (on a slow
 * phone network each request costs half a second, six at a time):
 *
 * - the entry: the small script that paints a member's kept screen and starts the app;
 * - `react`: React and react-dom, which the entry runs in a task of its own before the boot module
 *   (evaluated with the rest of the boot, it made one long task);
 * - `app`: everything else the boot module needs (the router, the shell, the shared UI it uses);
 * - one chunk per page module (with what only that page uses);
 * - `shared`: what two or more pages (or the member layout) use and that reads no local database;
 * - `dexie`: Dexie itself, which the entry runs in a task of its own on a member's visit (with the
 *   app's database code it made one long task);
 * - `data`: the database and what several pages use that reads it;
 * - `sync`: the sync engine (outbox, pullers, API) that no page imports directly: boot work,
 *   loaded once the first screen is usable;
 * - `schemas` and `schemas-<part>`: zod and the API contract's schemas, which the sync engine
 *   imports, cut into parts of about equal weight (SCHEMA_PARTS), each a chunk that the boot runs in
 *   a task of its own before the engine (src/sync/load.ts): zod builds every schema as its chunk
 *   runs, and all of them in one go were one long task (docs/performance-log.md).
 *
 * Decided from the module graph, not from a list of files, so a new page module (a route in
 * src/app/routes/pages.ts) lands in the right place by itself.
 */
export interface ChunkRoots {
  /** Absolute ids. */
  entry: string;
  boot: string;
  member: string;
  sync: string;
  /** A dynamically imported module whose id matches this is a page. */
  page: RegExp;
}

export function chunkRoots(root: string): ChunkRoots {
  return {
    entry: resolve(root, 'src/main.tsx'),
    boot: resolve(root, 'src/app/boot/boot.tsx'),
    member: resolve(root, 'src/app/layout/member-layout.tsx'),
    sync: resolve(root, 'src/sync/start.ts'),
    page: /[\\/]src[\\/]features[\\/].+-page\.tsx$/,
  };
}

interface Info {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  /** The module's code as the bundler has it (comments and all). */
  code?: string | null;
}
type GetInfo = (id: string) => Info | null;

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const DATA = /[\\/]node_modules[\\/](dexie|dexie-react-hooks)[\\/]|[\\/]src[\\/]db[\\/]/;
const DEXIE = /[\\/]node_modules[\\/](dexie|dexie-react-hooks)[\\/]/;
const SYNC_CODE = /[\\/]src[\\/](sync|api|contract)[\\/]|[\\/]node_modules[\\/]zod[\\/]/;
const SCHEMAS = /[\\/]src[\\/]contract[\\/]|[\\/]node_modules[\\/]zod[\\/]/;
/**
 * The contract's files by part (the rest, with zod and define.ts, is `schemas`). src/sync/load.ts
 * runs the parts in this order, importing each part's first file.
 */
export const SCHEMA_PARTS: Record<string, readonly string[]> = {
  member: ['auth', 'user'],
  shop: ['shop', 'shop-catalogue', 'shop-order', 'shop-payment', 'shop-member', 'velo', 'delivery'],
  programme: ['scan', 'cert', 'invite'],
  engagement: ['engagement', 'marathon', 'subscription', 'stores', 'content', 'feedback', 'analytics'],
};
const CONTRACT_FILE = /[\\/]src[\\/]contract[\\/]([\w-]+)\.ts$/;
/** `schemas`, or `schemas:<part>` for a contract file of a part. */
function schemasGroup(id: string): string {
  const file = CONTRACT_FILE.exec(id)?.[1];
  const part = file && Object.entries(SCHEMA_PARTS).find(([, files]) => files.includes(file))?.[0];
  return part ? `schemas:${part}` : 'schemas';
}
/** A feature's folder, with one level below it (`shop/checkout`, `shop/grid`): the checkout's code is not every list's. */
const AREA = /[\\/]src[\\/]features[\\/]([^\\/]+(?:[\\/][^\\/]+(?=[\\/]))?)[\\/]/;
/** A kit of the design system that only some screens use (the camera scanner): a chunk of its own, like a feature's. */
const UI_KIT = /[\\/]src[\\/]ui[\\/]([^\\/]+)[\\/]/;
/** A module of the design system itself, not of one of its kits. */
const DESIGN_SYSTEM = /[\\/]src[\\/]ui[\\/][^\\/]+\.tsx?$/;
/** A feature's own shared chunk is made only from this much code (bytes of source); less goes to `data` or `shared`. */
export const AREA_MIN_SIZE = 1024;
/** A module this many pages use (and no one feature owns) goes with the database, which they all load. */
export const WIDELY_SHARED = 8;
/** A module this small (characters of code, comments and all) is not worth a request of its own: it goes with `data` (or `shared`). */
export const TINY_MODULE = 500;

/** The group name of every module reachable from the entry. */
export function assignChunks(roots: ChunkRoots, info: GetInfo): Map<string, string | null> {
  const all = new Set<string>();
  const dynamicTargets = new Set<string>();
  const stack = [roots.entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (all.has(id)) continue;
    all.add(id);
    const m = info(id);
    if (!m) continue;
    stack.push(...m.importedIds);
    for (const d of m.dynamicallyImportedIds) {
      dynamicTargets.add(d);
      stack.push(d);
    }
  }
  const reach = new Map<string, Set<string>>();
  const closure = (root: string): Set<string> => {
    let out = reach.get(root);
    if (out) return out;
    out = new Set();
    const todo = [root];
    while (todo.length) {
      const id = todo.pop()!;
      if (out.has(id)) continue;
      out.add(id);
      todo.push(...(info(id)?.importedIds ?? []));
    }
    reach.set(root, out);
    return out;
  };
  const entryReach = closure(roots.entry);
  const bootReach = closure(roots.boot);
  const syncReach = closure(roots.sync);
  const pageRoots = [...dynamicTargets].filter((id) => roots.page.test(id) || id === roots.member);
  const reacherSets = new Map<string, Set<string>>();
  for (const p of pageRoots)
    for (const id of closure(p)) reacherSets.set(id, (reacherSets.get(id) ?? new Set()).add(p));
  const reachers = new Map([...reacherSets].map(([id, set]) => [id, set.size]));
  const readsData = new Map<string, boolean>();
  const touchesData = (id: string): boolean => {
    let v = readsData.get(id);
    if (v === undefined) {
      v = false;
      for (const d of closure(id)) if (DATA.test(d)) v = true;
      readsData.set(id, v);
    }
    return v;
  };
  // A module only pages that read the database use goes with the database: they load it anyway.
  const dataPages = new Set(pageRoots.filter((p) => touchesData(p)));
  const onlyDataPages = (id: string) => pageRoots.every((p) => !closure(p).has(id) || dataPages.has(p));
  const out = new Map<string, string | null>();
  const areaOf = (id: string) => AREA.exec(id)?.[1]?.replace(/\\/g, '/') ?? null;
  const within = (page: string, area: string) => {
    const a = areaOf(page);
    return a === area || Boolean(a?.startsWith(`${area}/`));
  };
  /**
   * The feature chunk of a module only one feature's pages use: its folder's. A sub-folder is a
   * chunk of its own whoever in the feature uses it (the checkout's parts that the cart and the
   * order history use too; the lists' product grid), so a page loads its feature's main chunk
   * only for what it shares with the feature's main pages.
   */
  const areaFor = (id: string, by: readonly string[]): string | null => {
    const own = areaOf(id);
    const feature = own?.split('/')[0];
    return own && by.every((p) => within(p, feature!)) ? own.replace('/', '-') : null;
  };
  const sharedGroup = (id: string) => (touchesData(id) || onlyDataPages(id) ? 'data' : 'shared');
  const tiny = (id: string) => (info(id)?.code?.length ?? Infinity) < TINY_MODULE;
  // Page-reached modules that neither the boot nor another grouped module owns stay with their page.
  const grouped = (id: string, pages: number): string | null => {
    if (DATA.test(id)) return pages === 0 ? 'sync' : DEXIE.test(id) ? 'dexie' : 'data';
    if (pages === 0)
      return SCHEMAS.test(id) ? schemasGroup(id) : syncReach.has(id) || SYNC_CODE.test(id) ? 'sync' : null;
    const by = [...(reacherSets.get(id) ?? [])];
    // The member layout comes with the database (every member screen loads both).
    if (by.length === 1 && by[0] === roots.member && !syncReach.has(id)) return 'data';
    if (pages >= 2 || syncReach.has(id)) {
      // What the member layout needs: the common chunks.
      if (by.includes(roots.member)) return sharedGroup(id);
      // A kit of the design system that some screens use (the scanner, its icons): its own chunk,
      // even when a page that reads no database uses it too, rather than `shared`, which the
      // sign-in's code fills; when too small, the common chunk its pages load anyway.
      const kit = UI_KIT.exec(id)?.[1];
      if (kit && !syncReach.has(id)) return `area:ui-${kit}:${sharedGroup(id)}`;
      // A piece of the design system that many screens on both sides of the sign-in use (the form
      // field): with the shell's own UI in `app`, which every screen loads anyway, rather than in
      // `shared` beside the sign-in's code, which a member's form would load for one small module.
      if (DESIGN_SYSTEM.test(id) && pages >= WIDELY_SHARED && sharedGroup(id) === 'shared') return 'app';
      // What a page that reads no database (a signed-out content page) uses: the common chunk. (Not
      // its feature's chunk, which may hold what the feature's database-reading pages import.)
      if (sharedGroup(id) === 'shared') return 'shared';
      // Shared by the pages of one feature only: that feature's own chunk, when big enough (below).
      const area = areaFor(id, by);
      if (area) return `area:${area}:data`;
      // Used by many screens: with the database, which they all load; so is a module too small for a request.
      if (pages >= WIDELY_SHARED || tiny(id)) return sharedGroup(id);
      // A few pages of several features (or one page and the sync engine): a chunk of the
      // bundler's making that only they load, not bytes every member screen pays for.
      return null;
    }
    return null;
  };
  for (const id of all) {
    if (entryReach.has(id)) out.set(id, null);
    // Stylesheets are inlined into the HTML: their (empty) modules go with the app, not into a chunk a page would wait for.
    else if (bootReach.has(id) || /\.css($|\?)/.test(id)) out.set(id, REACT.test(id) ? 'react' : 'app');
    else out.set(id, grouped(id, reachers.get(id) ?? 0));
  }
  // What a grouped module imports must not land in a page's chunk: pull such imports in, until
  // nothing changes: into the importer's feature chunk when only pages that load it use them,
  // into `data`/`shared` when many screens (or the member layout) use them or they are tiny; what
  // a few pages of different features use is left to the bundler, which gives it a chunk of its
  // own for just those pages (never a page's chunk: two or more pages use it).
  const left = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, g] of out) {
      // The sync engine may share a chunk of the bundler's making with the pages that use it too.
      if (g === null || g === 'app' || g === 'react' || g === 'sync' || g.startsWith('schemas')) continue;
      for (const d of info(id)?.importedIds ?? []) {
        if (out.get(d) !== null || left.has(d) || entryReach.has(d) || !all.has(d)) continue;
        const users = reacherSets.get(d);
        if (!users) out.set(d, 'sync');
        // Every page that needs it loads the importer's feature chunk anyway: there.
        else if (g.startsWith('area:') && [...users].every((p) => reacherSets.get(id)?.has(p))) out.set(d, g);
        else if (!g.startsWith('area:') || users.size >= WIDELY_SHARED || users.has(roots.member) || tiny(d))
          out.set(d, sharedGroup(d));
        // A few pages of different features: a chunk of the bundler's making for just them,
        // rather than bytes in `data` that every member screen loads.
        else {
          left.add(d);
          continue;
        }
        changed = true;
      }
    }
  }
  mergeSubAreas(out, reacherSets, areaOf);
  // Every member screen loads `data`: what it imports from `shared` goes with it, or each of them
  // would ask for `shared` too (one more request on the first screen). Not what a page that reads
  // no database uses (the sign-in's form field): that page would then load the database.
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, g] of out) {
      if (groupName(g, 'data') !== 'data') continue;
      for (const d of info(id)?.importedIds ?? []) {
        if (groupName(out.get(d), 'shared') !== 'shared' || !onlyDataPages(d)) continue;
        out.set(d, 'data');
        changed = true;
      }
    }
  }
  return out;
}

/**
 * A sub-folder's chunk is worth its request only while some page loads it without its feature's
 * main chunk (the cart and the order history take the checkout's parts alone). When every page
 * that needs it loads the main chunk anyway (the lists' product grid: only the shop's own pages
 * use it), it goes into the main chunk: one request fewer on those pages' first screen.
 */
function mergeSubAreas(
  out: Map<string, string | null>,
  users: Map<string, Set<string>>,
  areaOf: (id: string) => string | null,
): void {
  const pagesOf = new Map<string, Set<string>>();
  const mainOf = new Map<string, string>();
  for (const [id, g] of out) {
    if (!g?.startsWith('area:')) continue;
    const area = g.split(':')[1]!;
    const pages = pagesOf.get(area) ?? new Set<string>();
    for (const p of users.get(id) ?? []) pages.add(p);
    pagesOf.set(area, pages);
    const own = areaOf(id);
    if (own?.includes('/') && own.replace('/', '-') === area) mainOf.set(area, own.split('/')[0]!);
  }
  for (const [sub, main] of mainOf) {
    const mainPages = pagesOf.get(main);
    if (!mainPages || ![...pagesOf.get(sub)!].every((p) => mainPages.has(p))) continue;
    for (const [id, g] of out) if (g?.startsWith(`area:${sub}:`)) out.set(id, `area:${main}:${g.split(':')[2]}`);
  }
}

/**
 * The chunk a module's assignment names for a group, or null. `area:<name>:<fallback>` is the
 * feature's chunk, or the fallback's; `schemas:<part>` is the chunk `schemas-<part>`.
 */
export function groupName(
  assignment: string | null | undefined,
  group: 'react' | 'app' | 'area' | 'shared' | 'data' | 'dexie' | 'schemas' | 'sync',
): string | null {
  if (!assignment) return null;
  if (assignment.startsWith('schemas:'))
    return group === 'schemas' ? `schemas-${assignment.slice('schemas:'.length)}` : null;
  if (assignment.startsWith('area:')) {
    const [, area, fallback] = assignment.split(':');
    return group === 'area' ? area! : group === fallback ? fallback : null;
  }
  return assignment === group ? group : null;
}

/** rolldown's `output.codeSplitting` for the app build: one group per chunk above. */
export function codeSplitting(root: string) {
  const roots = chunkRoots(root);
  let assigned: Map<string, string | null> | null = null;
  const groupOf = (id: string, ctx: { getModuleInfo(id: string): Info | null }) => {
    if (!assigned) {
      assigned = assignChunks(roots, (m) => ctx.getModuleInfo(m));
      if (process.env.CLUB_CHUNKS_DEBUG)
        for (const [m, g] of assigned)
          console.log('[chunks]', g, m.replace(root, ''), ctx.getModuleInfo(m)?.code?.length);
    }
    return assigned.get(id) ?? null;
  };
  const group = (
    name: 'react' | 'app' | 'area' | 'shared' | 'data' | 'dexie' | 'schemas' | 'sync',
    priority: number,
    minSize = 0,
  ) => ({
    name: (id: string, ctx: { getModuleInfo(id: string): Info | null }) => groupName(groupOf(id, ctx), name),
    debugName: name,
    priority,
    minSize,
    // The assignment already places every import (see assignChunks); rolldown's own pulling of
    // imports into a group would drag the entry's modules out of the entry.
    includeDependenciesRecursively: false,
  });
  return {
    groups: [
      group('react', 45),
      group('app', 40),
      group('area', 35, AREA_MIN_SIZE),
      group('shared', 30),
      group('data', 20),
      group('dexie', 18),
      group('schemas', 15),
      group('sync', 10),
    ],
  };
}
