import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from './browser';
import { startProxy, type Proxy } from './proxy';
import { startServer, type RunningServer } from './server';

/** What one e2e file drives: its own server and Chromium, and (with `proxy`) a proxy the browser goes through. */
export interface Session {
  server: RunningServer;
  browser: Browser;
  proxy?: Proxy;
  /** The origin the browser uses: the proxy's where there is one, else the server's. */
  base: string;
}

export interface SessionOptions {
  env?: Record<string, string>;
  proxy?: boolean;
  /** The page's default timeout for its actions and waits (ms), set before `ready`. */
  timeout?: number;
  ready?: (page: Page, base: string) => unknown;
}

/**
 * Starts a fresh server (with `env` added to its environment) and Chromium for a file's `beforeAll`;
 * `ready` then runs on the page, e.g. `signInAsDemo`. Close it with {@link closeSession} in `afterAll`.
 * @example beforeAll(async () => ({ server, browser } = await openSession({ ready: signInAsDemo })));
 */
export async function openSession(opts: SessionOptions & { proxy: true }): Promise<Session & { proxy: Proxy }>;
export async function openSession(opts?: SessionOptions): Promise<Session>;
export async function openSession(opts: SessionOptions = {}): Promise<Session> {
  const started: Partial<Session> = { server: await startServer(opts.env) };
  try {
    const server = started.server as RunningServer;
    const proxy = (started.proxy = opts.proxy ? await startProxy(server.port) : undefined);
    const base = proxy?.url ?? server.url;
    const browser = (started.browser = await openBrowser());
    if (opts.timeout) browser.page.setDefaultTimeout(opts.timeout);
    await opts.ready?.(browser.page, base);
    return { server, browser, proxy, base };
  } catch (e) {
    await closeSession(started);
    throw e;
  }
}

/** Closes what {@link openSession} opened, browser first; parts that never started are passed over. */
export async function closeSession(s: Partial<Session>): Promise<void> {
  await s.browser?.close();
  await s.proxy?.close();
  await s.server?.dispose();
}
