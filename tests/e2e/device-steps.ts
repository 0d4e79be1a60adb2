// Steps of the device tests (tests/e2e/device-*.e2e.ts): tabs, a tab cut off the network on its
// own, and a new build of the app served in place of the old.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DIST } from '../../scripts/build-if-stale';

/**
 * Cuts one tab off the network, leaving the browser's other tabs online (a tab's own network
 * conditions, through the DevTools protocol): its `navigator.onLine` turns false and its own
 * requests fail. The service worker, shared by the tabs, still answers it from its caches.
 */
export async function cutTabOff(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const set = (offline: boolean) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await set(true);
  return async () => {
    await set(false).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  };
}

/** The path a tab shows, or null while it is between documents. */
export async function pathOf(page: Page): Promise<string | null> {
  return page.evaluate(() => location.pathname).catch(() => null);
}

/**
 * Records in every document of the tab the texts matching `pattern` it shows from now on (read
 * from what each change adds): {@link textSeen} lists them.
 */
export async function watchText(page: Page, pattern: RegExp): Promise<void> {
  const install = (source: string) => {
    const re = new RegExp(source);
    const w = window as unknown as { textSeen?: string[] };
    w.textSeen ??= [];
    const look = (t: string | null) => {
      if (t && re.test(t)) w.textSeen!.push(t.slice(0, 200));
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') look(r.target.textContent);
        else r.addedNodes.forEach((n) => look(n.textContent));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  };
  await page.addInitScript(install, pattern.source);
  await page.evaluate(install, pattern.source);
}

export const textSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { textSeen?: string[] }).textSeen ?? []).catch(() => []);

/** Where a {@link newBuild}'s service worker notes that it has taken over (Cache Storage). */
const MARKER_CACHE = 'club-test-new-build';

/**
 * A copy of the built app whose service worker differs from the one served now (a new build, as
 * a deploy brings): once active, it notes so in Cache Storage; when `activates` is false it never
 * takes its turn while the old one still runs (it ignores the page's request to activate).
 * `dir` is the copy's folder, for the server's STATIC_DIR.
 */
export function newBuild(opts: { activates: boolean }): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'club-build-'));
  cpSync(DIST, dir, { recursive: true });
  const file = join(dir, 'sw.js');
  let sw = readFileSync(file, 'utf8');
  if (!opts.activates) {
    const before = sw;
    sw = sw.replace(/(["'`])SKIP_WAITING\1/g, '$1NEVER_SKIP_WAITING$1');
    if (sw === before) throw new Error('the built service worker names no SKIP_WAITING message');
  }
  sw += `\n;self.addEventListener('activate', (e) => e.waitUntil(caches.open('${MARKER_CACHE}').then((c) => c.put('/new-build', new Response('new')))));\n`;
  writeFileSync(file, sw);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Whether the page runs under a {@link newBuild}'s service worker: it controls the page, nothing
 * waits behind it, and it noted that it took over.
 */
export function onNewBuild(page: Page): Promise<boolean> {
  return page
    .evaluate(async (cache) => {
      const reg = await navigator.serviceWorker.getRegistration();
      const marked = Boolean(await (await caches.open(cache)).match('/new-build'));
      return Boolean(reg && !reg.waiting && navigator.serviceWorker.controller && marked);
    }, MARKER_CACHE)
    .catch(() => false);
}

/** Whether a new build's service worker waits behind the one controlling the page. */
export function updateWaiting(page: Page): Promise<boolean> {
  return page
    .evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
    .catch(() => false);
}
