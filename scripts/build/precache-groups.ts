import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { CONFIG_REVISION_TOKEN } from '../../src/domain/club/club-config';
import { PAGE_SOURCES } from '../../src/app/routes/page-sources';
import { INSTALL_ROUTES } from '../../src/app/pwa/precache-protocol';

/**
 * The service worker's precache in two groups (a first visit on a poor connection):
 *
 * - install: what a member reaches next, fetched when the worker installs — the shell (index.html,
 *   the web manifest, the stylesheet), the entry and every chunk it loads on its own (React, the
 *   app, the database, the sync engine), and the screens of INSTALL_ROUTES with what they import;
 * - later: the rest (other screens and what only they use, the camera decoder's wasm and worker,
 *   the prerendered signed-out pages), marked `later: true`; the worker fetches it when the
 *   connection allows (sw/precache-later.ts).
 *
 * Decided from Vite's build manifest (the module graph), so a new screen lands in "later" by itself.
 */

/** One chunk of Vite's `.vite/manifest.json`. */
export interface ViteChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ViteChunk>;

const PAGE_MODULE = /(^|\/)src\/features\/.+-page\.tsx$/;

/** The built files of the install group: the entries' graph, entering only the named screens. */
export function installFiles(manifest: ViteManifest, installSources: ReadonlySet<string>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) files.add(c);
    for (const k of chunk.imports ?? []) visit(k);
    for (const k of chunk.dynamicImports ?? []) if (!PAGE_MODULE.test(k) || installSources.has(k)) visit(k);
    // `assets` (the decoder's wasm) are left out on purpose: large, and needed on one screen only.
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** The page modules of INSTALL_ROUTES. */
export function installSources(): Set<string> {
  return new Set(INSTALL_ROUTES.map((r) => PAGE_SOURCES[r]).filter((s): s is string => Boolean(s)));
}

export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
  later?: true;
}

/** Marks the later group's entries; a file outside assets/ and prerendered/ (the shell's own) stays in install. */
export function markGroups<E extends PrecacheEntry>(
  entries: E[],
  install: ReadonlySet<string>,
): Array<E & { later?: true }> {
  return entries.map((e) => {
    const asset = e.url.startsWith('assets/') && !e.url.endsWith('.css');
    const later = e.url.startsWith('prerendered/') || (asset && !install.has(e.url));
    return later ? { ...e, later: true as const } : e;
  });
}

/**
 * The HTML files' revisions carry CONFIG_REVISION_TOKEN, which the server serving sw.js replaces
 * with a fingerprint of its settings (server/page-config.ts): the pages hold the deployment's
 * settings, so a change of them must fetch the pages again, as a change of the files does.
 */
export function markConfigRevisions<E extends PrecacheEntry>(entries: E[]): E[] {
  return entries.map((e) =>
    e.url.endsWith('.html') && e.revision ? { ...e, revision: `${e.revision}${CONFIG_REVISION_TOKEN}` } : e,
  );
}

/**
 * The Vite plugin that learns where the build goes, and the injectManifest transform that marks
 * the groups (run after the bundle is written, so the build manifest is there to read).
 */
export function precacheGroups(): {
  plugin: Plugin;
  transform: (entries: PrecacheEntry[]) => Promise<{ manifest: PrecacheEntry[]; warnings: string[] }>;
} {
  let outDir = resolve('dist');
  return {
    plugin: {
      name: 'club-precache-groups',
      apply: 'build',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
    },
    async transform(entries) {
      const file = resolve(outDir, '.vite/manifest.json');
      const marked = markConfigRevisions(entries);
      if (!existsSync(file))
        return { manifest: marked, warnings: ['no .vite/manifest.json: the whole precache is fetched at install'] };
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
      return { manifest: markGroups(marked, installFiles(manifest, installSources())), warnings: [] };
    },
  };
}
