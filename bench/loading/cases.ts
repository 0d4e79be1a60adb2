// The loads a member meets, each on a fresh phone: a new visitor's first screen, the sign-in, a
// list's true first view, repeat visits, and the kept screens offline against the floor.
import type { Page } from 'playwright-core';
import { waitForLaterPrecache } from '../../tests/e2e/support/browser';
import { DEMO_PHONE, signInAsDemo } from '../../tests/e2e/support/sign-in';
import { clearCaches, controlled, CPU_SLOWDOWN, freshPhone, settle, type Phone } from './browser';
import { measuredLoad, startTrace, type Loaded } from './measure';
import { installProbe, readProbe } from './probe';
import { FLOOR_PAGE, type Site } from './site';

const IS18_YES = 'Так, мені є 18';
export const LIST = '/shop/sticks';
const LIST_USABLE = { selector: '[data-testid="product-card"]:not(.is-out) [data-testid="add-to-cart"]' };
const HOME_USABLE = { selector: '[data-testid="menu-button"]' };

async function onPhone<T>(site: Site, body: (phone: Phone) => Promise<T>): Promise<T> {
  const phone = await freshPhone(site.args);
  try {
    return await body(phone);
  } finally {
    await phone.close();
  }
}

export const firstVisitRoot = (site: Site) =>
  onPhone(site, async (phone): Promise<Loaded> => {
    const f = await measuredLoad(phone, site.served, site.url + '/', { text: IS18_YES });
    // The age question really answers: "yes" leads on to sign-in.
    await phone.page.getByRole('button', { name: IS18_YES }).click();
    await phone.page.waitForURL(`${site.url}/auth`, { timeout: 30_000 });
    return { ...f, verified: f.finalPath === '/is18' };
  });

export const firstVisitAuth = (site: Site) =>
  onPhone(site, async (phone): Promise<Loaded> => {
    await phone.context.addCookies([{ name: 'showIs18', value: '1', url: site.url }]);
    const f = await measuredLoad(phone, site.served, site.url + '/auth', { selector: '[data-testid="auth-submit"]' });
    // Submit really works: the demo phone signs in.
    await phone.page.getByTestId('auth-phone').fill(DEMO_PHONE);
    await phone.page.getByTestId('auth-submit').click();
    await phone.page.waitForURL(`${site.url}/`, { timeout: 30_000 });
    return { ...f, verified: f.finalPath === '/auth' };
  });

async function contentShown(page: Page, path: string): Promise<void> {
  if (path === '/')
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="xp-balance"]')?.textContent ?? ''),
      null,
      { timeout: 60_000 },
    );
  else await page.locator('[data-testid="product-card"] img').first().waitFor({ timeout: 60_000 });
}

/** The app keeps a member's screen a moment after it settles (src/app/snapshot): a repeat visit comes after that. */
async function screenKept(page: Page, path: string): Promise<void> {
  await page
    .waitForFunction(
      async (p) =>
        Boolean(localStorage.getItem(`screen:${p}`)) &&
        Boolean(await (await caches.open('club-screens')).match(`/__screens/${encodeURIComponent(p)}`)),
      path,
      { timeout: 20_000, polling: 250 },
    )
    .catch(() => undefined);
}

/**
 * Signed in through /auth, home shown, the service worker in control with its whole precache (a
 * worker still fetching when its caches are cleared goes on a while: its requests are not the
 * measured load's); then each of `paths` opened and kept.
 */
async function member(phone: Phone, site: Site, paths: string[]): Promise<void> {
  await signInAsDemo(phone.page, site.url);
  await contentShown(phone.page, '/');
  await controlled(phone.page);
  await waitForLaterPrecache(phone.page);
  await screenKept(phone.page, '/');
  for (const path of paths) {
    await phone.page.goto(site.url + path);
    await contentShown(phone.page, path);
    await screenKept(phone.page, path);
  }
  await settle(phone.page);
}

const usableOf = (path: string) => (path === '/' ? HOME_USABLE : LIST_USABLE);

/**
 * A list's true first view: signed in, home seen, then the service worker, Cache Storage and the
 * HTTP cache cleared (IndexedDB, localStorage and cookies kept), the list never opened on this
 * device (no kept copy anywhere: checked), and opened.
 */
export const listFirstView = (site: Site) =>
  onPhone(site, async (phone): Promise<Loaded> => {
    await member(phone, site, []);
    const kept = await phone.page.evaluate((p) => Object.keys(localStorage).some((k) => k === `screen:${p}`), LIST);
    await clearCaches(phone, site.url);
    const f = await measuredLoad(phone, site.served, site.url + LIST, LIST_USABLE);
    await contentShown(phone.page, LIST);
    return { ...f, verified: f.finalPath === LIST && !kept };
  });

/** A repeat visit online: the route seen and kept, the service worker in control, nothing cleared. */
export const repeatVisit = (site: Site, path: string) =>
  onPhone(site, async (phone): Promise<Loaded> => {
    await member(phone, site, path === '/' ? [] : [path]);
    const f = await measuredLoad(phone, site.served, site.url + path, usableOf(path));
    await contentShown(phone.page, path);
    return { ...f, verified: f.finalPath === path };
  });

/** Signed in, home seen before (its kept copy stays in localStorage), caches cleared. */
export const homeCleared = (site: Site) =>
  onPhone(site, async (phone): Promise<Loaded> => {
    await member(phone, site, []);
    await clearCaches(phone, site.url);
    const f = await measuredLoad(phone, site.served, site.url + '/', HOME_USABLE);
    await contentShown(phone.page, '/');
    return { ...f, verified: f.finalPath === '/' };
  });

export interface OfflineLoad {
  path: string;
  /** LCP of the kept screen, and of the floor page, both answered by the service worker with no network. */
  app: number | null;
  floor: number | null;
  appWhat: string;
  /** When the live screen took taps, ms from the navigation. */
  usable: number | null;
  appLongest: number;
}

/** Kept screens offline, each beside the floor: floor, app, app, floor; 4x CPU, no network at all. */
export const offlineRun = (site: Site) =>
  onPhone(site, async (phone): Promise<OfflineLoad[]> => {
    await member(phone, site, [LIST]);
    await phone.page.waitForFunction(
      async (f) => Boolean(await caches.match(`/${f}`, { ignoreSearch: true })),
      FLOOR_PAGE,
      { timeout: 60_000, polling: 500 },
    );
    // The tab the member used shares the measured pages' renderer: its own work (a kept copy
    // being made, sync trying the network) would fall in their loads.
    await phone.page.goto('about:blank');
    await phone.context.setOffline(true);
    await phone.link.throttle({ offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await phone.context.route('**/*', (route) => route.abort('internetdisconnected'));
    const out: OfflineLoad[] = [];
    for (const path of ['/', LIST]) {
      const load = async (url: string, usable: ReturnType<typeof usableOf> | null) => {
        const page = await phone.context.newPage();
        await installProbe(page, usable);
        const cdp = await phone.context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        // What holds the main thread before the kept screen takes taps (LOADING_TRACE=<dir>).
        const trace = process.env.LOADING_TRACE && usable ? await startTrace(cdp) : null;
        await page.goto(url, { waitUntil: 'load' });
        await page.waitForTimeout(3000);
        if (trace) await trace.save(url);
        const p = await readProbe(page);
        if (process.env.LOADING_DEBUG) {
          const nav = await page.evaluate(() => {
            const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            return {
              workerStart: n.workerStart,
              responseStart: n.responseStart,
              responseEnd: n.responseEnd,
              dcl: n.domContentLoadedEventStart,
              bytes: n.decodedBodySize,
            };
          });
          const r = (x: number) => Math.round(x);
          console.log(
            `    ${new URL(url).pathname}: nav ${JSON.stringify(nav, (_k, v: unknown) => (typeof v === 'number' ? r(v) : v))}, FCP ${r(p.fcp ?? NaN)}, LCP ${JSON.stringify(p.lcp.map((l) => [r(l.t), l.what.slice(0, 20)]))}, tasks ${JSON.stringify(p.longtasks.map((t) => [r(t.t), r(t.d)]))}`,
          );
        }
        await page.close();
        const lcp = p.lcp.length ? p.lcp[p.lcp.length - 1]! : null;
        return {
          t: lcp?.t ?? null,
          what: lcp?.what ?? '—',
          usable: p.usable,
          longest: Math.max(0, ...p.longtasks.map((t) => t.d)),
        };
      };
      const floor1 = await load(`${site.url}/${FLOOR_PAGE}`, null);
      const app1 = await load(site.url + path, usableOf(path));
      const app2 = await load(site.url + path, usableOf(path));
      const floor2 = await load(`${site.url}/${FLOOR_PAGE}`, null);
      const mid = (a: number | null, b: number | null) => (a === null || b === null ? (a ?? b) : (a + b) / 2);
      out.push({
        path,
        app: mid(app1.t, app2.t),
        floor: mid(floor1.t, floor2.t),
        appWhat: app2.what,
        usable: mid(app1.usable, app2.usable),
        appLongest: Math.max(app1.longest, app2.longest),
      });
    }
    return out;
  });

export interface Interactions {
  menu: number | null;
  addToCart: number | null;
}

/** Event Timing duration of one interaction (the longest of its events), 4x CPU. */
async function interaction(phone: Phone, page: Page, act: () => Promise<void>): Promise<number | null> {
  const cdp = await phone.context.newCDPSession(page);
  await page.evaluate(() => ((window as unknown as { __probe: { events: unknown[] } }).__probe.events.length = 0));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await act();
  await page.waitForTimeout(1500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const p = await readProbe(page);
  const events = p.events.filter((e) => e.id > 0);
  return events.length ? Math.max(...events.map((e) => e.d)) : null;
}

export const interactionRun = (site: Site) =>
  onPhone(site, async (phone): Promise<Interactions> => {
    await member(phone, site, [LIST]);
    await phone.page.goto('about:blank');
    const open = async (path: string) => {
      const page = await phone.context.newPage();
      await installProbe(page, null);
      await page.goto(site.url + path);
      await contentShown(page, path);
      await settle(page, 3000);
      return page;
    };
    const home = await open('/');
    const menu = await interaction(phone, home, async () => {
      await home.getByTestId('menu-button').click();
      await home.getByTestId('side-menu').waitFor();
    });
    await home.close();
    const shop = await open(LIST);
    const addToCart = await interaction(phone, shop, async () => {
      await shop.locator(`${LIST_USABLE.selector}`).first().click();
    });
    await shop.close();
    return { menu, addToCart };
  });

/** Prepares a phone for Lighthouse on `path`: a new visitor, past the age question, or a member whose caches were cleared. */
export async function lighthousePrepare(phone: Phone, site: Site, path: string): Promise<void> {
  if (path === '/auth') await phone.context.addCookies([{ name: 'showIs18', value: '1', url: site.url }]);
  if (path === LIST) {
    await member(phone, site, []);
    await clearCaches(phone, site.url);
  }
}
