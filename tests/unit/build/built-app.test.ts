// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SOURCES } from '../../../src/app/routes/page-sources';
import { CONFIG_REVISION_TOKEN } from '../../../src/domain/club/club-config';
import { resolveVisit } from '../../../src/app/routes/plan';
import { ROUTES } from '../../../src/app/routes/table';
import { buildIfStale, DIST } from '../../../scripts/build-if-stale';
import type { BuildPlan } from '../../../scripts/build/first-load';

/*
 * The production build as a first visit meets it: built once (when stale), then read.
 */
let plan: BuildPlan;
const read = (file: string) => readFileSync(join(DIST, file.replace(/^\//, '')), 'utf8');

beforeAll(() => {
  buildIfStale();
  plan = JSON.parse(read('club-routes.json')) as BuildPlan;
}, 300_000);

/** The screens a signed-out visitor can land on, without parameters: the guards decide which. */
const signedOutScreens = () =>
  ROUTES.filter(
    (r) =>
      !r.path.includes(':') &&
      [
        { signedIn: false, is18Confirmed: false },
        { signedIn: false, is18Confirmed: true },
      ].some((s) => resolveVisit(r.path, s).kind === 'page'),
  );

describe('the built app', () => {
  it('lists every file once in the service worker’s precache, each of them built, and no install icon', () => {
    const sw = read('sw.js');
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(10);
    const twice = urls.filter((u, i) => urls.indexOf(u) !== i);
    expect(twice, 'listed more than once').toEqual([]);
    for (const u of urls) expect(existsSync(join(DIST, u)), u).toBe(true);
    expect(urls.filter((u) => u.startsWith('icons/'))).toEqual([]);
    expect(urls).toContain('index.html');
  });

  it('precaches what a member reaches next at install, and the decoder, other screens and prerendered pages later', () => {
    const sw = read('sw.js');
    const entries = [...sw.matchAll(/\{[^{}]*"url":"([^"]+)"[^{}]*\}/g)].map((m) => ({
      url: m[1]!,
      later: m[0].includes('"later":true'),
    }));
    const later = entries.filter((e) => e.later).map((e) => e.url);
    const install = entries.filter((e) => !e.later).map((e) => e.url);
    expect(install).toContain('index.html');
    for (const page of ['home-page', 'list-page', 'cart-page', 'scanning-page', 'auth-page'])
      expect(
        install.some((u) => u.startsWith(`assets/${page}-`)),
        page,
      ).toBe(true);
    expect(later.some((u) => u.endsWith('.wasm'))).toBe(true);
    expect(later.filter((u) => u.startsWith('prerendered/')).length).toBeGreaterThanOrEqual(5);
    expect(later.some((u) => u.startsWith('assets/faq-page-'))).toBe(true);
    expect(install.some((u) => u.endsWith('.wasm') || u.startsWith('prerendered/'))).toBe(false);
  });

  it('prerenders every signed-out screen (age check, sign-in, registration, landing, user agreement) with its content', () => {
    const screens = signedOutScreens().map((r) => r.path);
    for (const p of ['/is18', '/auth', '/registration', '/landing', '/user-agreement']) expect(screens).toContain(p);
    for (const spec of signedOutScreens()) {
      const route = plan.routes.find((r) => r.path === spec.path)!;
      expect(route.prerendered, spec.path).toBeTruthy();
      const html = read(route.prerendered!);
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root, spec.path).toContain(`data-prerendered="${spec.path}"`);
      // The screen itself, not the loading placeholder: its title, and its page's own words inside <main>.
      expect(root, spec.path).toContain(`<h1 class="app-header__title" tabindex="-1">${spec.title}</h1>`);
      const main = root.slice(root.indexOf('<main'), root.indexOf('</main>'));
      expect(main.replace(/<[^>]+>/g, '').trim().length, spec.path).toBeGreaterThan(20);
      expect(html, spec.path).toContain(`<title>${spec.title} · Клуб`);
    }
    expect(read('prerendered/is18.html')).toMatch(/<button[^>]*>.*Так, мені є 18/);
    expect(read('prerendered/auth.html')).toMatch(/<input[^>]*type="tel"/);
    expect(read('prerendered/registration.html')).toMatch(/<form/);
  });

  it('names each screen’s own chunk first in its HTML, and every chunk its first screen needs', () => {
    for (const route of plan.routes.filter((r) => r.prerendered)) {
      const html = read(route.prerendered!);
      const source = PAGE_SOURCES[route.path];
      if (source) expect(route.preload.out[0], route.path).toContain(`/assets/${basename(source, '.tsx')}-`);
      for (const file of route.preload.out)
        expect(html, `${route.path} preloads ${file}`).toContain(
          `<link rel="modulepreload" crossorigin href="${file}">`,
        );
      // Named ahead of the inlined stylesheet, in the HTML's first bytes.
      const head = html.slice(0, html.indexOf('<style>'));
      for (const file of route.preload.out)
        expect(head, `${route.path} preloads ${file} before the stylesheet`).toContain(`href="${file}"`);
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
      // Every chunk the HTML names, the entry's own imports too, is named ahead of the stylesheet.
      const tail = html.slice(html.indexOf('<style>'));
      expect(tail, `${route.path}: a modulepreload behind the stylesheet`).not.toContain('modulepreload');
      // On a slow phone network requests go six at a time: a first screen needs no more.
      const js = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
      expect(js.size, `${route.path}: ${[...js].join(' ')}`).toBeLessThanOrEqual(6);
    }
  });

  it('keeps the local database out of the age question and the landing', () => {
    for (const path of ['/is18', '/landing']) {
      const html = read(plan.routes.find((r) => r.path === path)!.prerendered!);
      // The entry's raw reads (a stored sign-in, a list's first pictures), through one opener
      // (src/db/peek-session.ts), are allowed; Dexie and the database layer are not.
      for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) {
        const code = read(m[1]!);
        expect(code, `${path}: ${m[1]}`).not.toMatch(/Dexie|liveQuery/);
        expect(
          code.match(/indexedDB/g)?.length ?? 0,
          `${path}: ${m[1]} reads IndexedDB only through its raw opener`,
        ).toBeLessThanOrEqual(2);
      }
    }
  });

  it('inlines the stylesheet into every HTML file and carries the build’s id', () => {
    for (const file of ['index.html', ...plan.routes.flatMap((r) => (r.prerendered ? [r.prerendered] : []))]) {
      const html = read(file);
      expect(html, file).toMatch(/<style>[^<]{1000,}/);
      // The design system's tokens and base rules (ui/theme.css, ui/base.css), both brands.
      const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
      for (const rule of ['--surface:', '--primary:', '[data-theme=ogo]', 'font-family:'])
        expect(style, `${file}: ${rule}`).toContain(rule);
      expect(html, file).not.toMatch(/<link rel="stylesheet"/);
      expect(html, file).toContain(`<meta name="club-build" content="${plan.build}" />`);
      expect(html.match(/rel="manifest"/g)?.length, file).toBe(1);
    }
  });

  it('leaves the deployment’s settings to the server: an empty club-config tag in every HTML file, marked in the precache', () => {
    const html = ['index.html', ...plan.routes.flatMap((r) => (r.prerendered ? [r.prerendered] : []))];
    for (const file of html) expect(read(file).match(/<meta name="club-config" content="" \/>/g)?.length, file).toBe(1);
    // Each HTML file's revision, and nothing else in the worker's code, carries the mark the server replaces.
    const sw = read('sw.js');
    const marked = [...sw.matchAll(/\{[^{}]*"url":"([^"]+)"[^{}]*\}/g)]
      .filter((m) => /"revision":"[0-9a-f]+~club-config~"/.test(m[0]))
      .map((m) => m[1]);
    expect(marked.sort()).toEqual(html.sort());
    expect(sw.split(CONFIG_REVISION_TOKEN).length - 1).toBe(html.length);
  });

  it('plans a new visitor’s / as one redirect to the age question', () => {
    expect(plan.routes.find((r) => r.path === '/')!.visit['00']).toEqual({ redirect: '/is18' });
  });
});
