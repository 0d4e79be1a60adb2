// ogo branding: item 12 (on ogo — its host, or after the variant switch — the manifest, its icons,
// the favicon, the home-screen icon and the theme colour are ogo's, never glo's orange).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signedInReady, switchVariant } from './shop-steps';

let server: RunningServer;
let browser: Browser;
/** The ogo host of this run: the same server reached by its address (the page uses localhost). */
let ogoBase: string;

beforeAll(async () => {
  server = await startServer();
  ogoBase = `http://127.0.0.1:${server.port}`;
  await server.restart({ OGO_HOST: `127.0.0.1:${server.port}` });
  browser = await openBrowser();
  await signedInReady(browser.page, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

interface Manifest {
  short_name: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string }>;
}

/** The average colour of an image's opaque pixels as the browser decodes it. */
function averageColour(page: Page, url: string): Promise<{ r: number; g: number; b: number }> {
  return page.evaluate(async (u) => {
    const img = new Image();
    img.src = u;
    await img.decode();
    const w = img.naturalWidth || 64;
    const h = img.naturalHeight || 64;
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, w, h);
    const data = ctx.getImageData(0, 0, w, h).data;
    const sum = { r: 0, g: 0, b: 0, n: 0 };
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) < 200) continue;
      sum.r += data[i] ?? 0;
      sum.g += data[i + 1] ?? 0;
      sum.b += data[i + 2] ?? 0;
      sum.n += 1;
    }
    return { r: sum.r / sum.n, g: sum.g / sum.n, b: sum.b / sum.n };
  }, url);
}

/** ogo's teal: green well above red. glo's orange is the other way round. */
const isOgo = (c: { r: number; g: number }) => c.g > c.r + 15;

async function expectOgoManifest(page: Page, base: string, href: string): Promise<void> {
  const manifest = await page.evaluate(
    async (u) => (await fetch(u)).json() as Promise<Manifest>,
    new URL(href, base).href,
  );
  expect(manifest).toMatchObject({ short_name: 'Клуб ogo', theme_color: '#0d2823', background_color: '#0d2823' });
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const icon of manifest.icons)
    expect(isOgo(await averageColour(page, new URL(icon.src, base).href)), icon.src).toBe(true);
}

describe('ogo branding', () => {
  it('after the variant switch: the manifest and its icons, the favicon, the home-screen icon and theme-color are ogo’s', async () => {
    const { page } = browser;
    const base = server.url;
    await switchVariant(page, base, 'glo');
    const gloIcon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(isOgo(await averageColour(page, new URL(gloIcon!, base).href))).toBe(false);

    await switchVariant(page, base, 'ogo');
    await expect.poll(() => page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0d2823');
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '',
      icon: document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '',
      touch: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href') ?? '',
    }));
    await expectOgoManifest(page, base, head.manifest);
    expect(isOgo(await averageColour(page, new URL(head.touch, base).href))).toBe(true);
    const favicon = await page.evaluate(async (u) => (await fetch(u)).text(), new URL(head.icon, base).href);
    expect(favicon).toContain('>ogo<');
    expect(favicon).not.toContain('#ff5a1f');
  });

  it('on the ogo host: /manifest.json, its icons and /favicon.svg are ogo’s (glo’s elsewhere)', async () => {
    const page = await browser.context.newPage();
    try {
      await page.goto(`${ogoBase}/favicon.svg`);
      await expectOgoManifest(page, ogoBase, '/manifest.json');
      expect(isOgo(await averageColour(page, `${ogoBase}/icons/icon-192.png`))).toBe(true);
      const favicon = await page.evaluate(async () => (await fetch('/favicon.svg', { cache: 'no-store' })).text());
      expect(favicon).toContain('>ogo<');
      const glo = await (await fetch(`${server.url}/favicon.svg`)).text();
      expect(glo).toContain('>glo<');
    } finally {
      await page.close();
    }
  });
});
