// A phone for the loading bench: the system Chromium at 390x844 (mobile, touch, 3x density), a
// fresh profile each run, Lighthouse's Slow 4G applied to the page AND to its service worker
// (./worker-link.ts), 4x CPU on the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../tests/e2e/support/chromium';
import { devToolsOf, UNTHROTTLED, WorkerLink, type Conditions } from './worker-link';

/** Lighthouse's "Slow 4G" devtools throttling (its mobileSlow4G preset): per request 562.5 ms, 1.47 Mbps down, 0.675 up. */
export const SLOW_4G: Conditions = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;

/** One request of the page: CDP's monotonic seconds. */
export interface PageRequest {
  id: string;
  url: string;
  type: string;
  priority: string;
  sent: number;
  done: number | null;
}

export interface Phone {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  link: WorkerLink;
  /** The browser's DevTools port (Lighthouse drives the same browser through it). */
  port: number;
  /** The page's requests since the last `watchRequests`. */
  requests: PageRequest[];
  close(): Promise<void>;
}

/** A fresh profile; `args` add Chromium flags (the bench's TLS certificate). */
export async function freshPhone(args: string[] = []): Promise<Phone> {
  const profile = mkdtempSync(join(tmpdir(), 'club-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0', ...args],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'uk-UA',
  });
  const devtools = await devToolsOf(profile);
  const link = await WorkerLink.open(devtools);
  const page = context.pages()[0] ?? (await context.newPage());
  const phone: Phone = {
    context,
    page,
    cdp: await context.newCDPSession(page),
    link,
    port: devtools.port,
    requests: [],
    async close() {
      link.close();
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return phone;
}

/** Slow 4G on the page and on every service worker, and 4x CPU on the page; or neither. */
export async function throttle(phone: Phone, on: boolean, offline = false): Promise<void> {
  const net = on || offline ? { ...SLOW_4G, offline } : UNTHROTTLED;
  await phone.cdp.send('Network.enable');
  await phone.cdp.send('Network.emulateNetworkConditions', net);
  await phone.cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? CPU_SLOWDOWN : 1 });
  await phone.link.throttle(net);
}

/** Records the page's requests from now on (what was asked for, when, at which priority). */
export function watchRequests(phone: Phone): void {
  phone.requests = [];
  const byId = new Map<string, PageRequest>();
  phone.cdp.on(
    'Network.requestWillBeSent',
    (e: { requestId: string; timestamp: number; type?: string; request: { url: string; initialPriority: string } }) => {
      const r: PageRequest = {
        id: e.requestId,
        url: e.request.url,
        type: e.type ?? '',
        priority: e.request.initialPriority,
        sent: e.timestamp,
        done: null,
      };
      if (!byId.has(e.requestId)) phone.requests.push(r);
      byId.set(e.requestId, r);
    },
  );
  const end = (e: { requestId: string; timestamp: number }) => {
    const r = byId.get(e.requestId);
    if (r) r.done = e.timestamp;
  };
  phone.cdp.on('Network.loadingFinished', end);
  phone.cdp.on('Network.loadingFailed', end);
}

/** A new tab for a measured load (the old one closed), with its own CDP session. */
export async function newTab(phone: Phone): Promise<Page> {
  const page = await phone.context.newPage();
  const old = phone.page;
  phone.page = page;
  phone.cdp = await phone.context.newCDPSession(page);
  await old.close();
  return page;
}

/** Lighthouse's "caches cleared": HTTP cache, service workers and Cache Storage; cookies, IndexedDB and localStorage stay. */
export async function clearCaches(phone: Phone, origin: string): Promise<void> {
  await phone.page.goto('about:blank');
  await phone.cdp.send('Network.clearBrowserCache');
  await phone.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
}

export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

export async function settle(page: Page, ms = 1500): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(ms);
}
