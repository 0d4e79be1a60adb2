// /scanning on a bad network and the scan screens' small print: pulls on reconnect wait for the
// code uploads and come once, not at every reconnect; the month card says when the goal is reached;
// /favicon.ico is the brand's icon; product names in the scan history wrap instead of being cut.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyivMonthStart } from '../../src/domain/format/kyiv-time';
import type { Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import type { Proxy } from './support/proxy';
import { serverCall } from './support/server-api';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { signedInReady, switchVariant } from './shop-steps';
import { drained, flap, member, openManualEntry, typeCodes } from './faults-steps';

let server: RunningServer;
let browser: Browser;
let proxy: Proxy;
let base: string;
const SHOTS = 'screenshots';

beforeAll(async () => {
  ({ server, browser, proxy, base } = await openSession({ proxy: true, ready: signedInReady }));
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(() => closeSession({ server, browser, proxy }));

const STATS = '/api/scan/get-scan-count';
const UPLOAD = '/api/scan/scan-code';

/** The month's scan count of the member on the server. */
async function monthCount(token: string, variant: 'glo' | 'ogo'): Promise<number> {
  const body = { date_start: kyivMonthStart(new Date()), ...(variant === 'ogo' ? { ogo: true } : {}) };
  return (await serverCall<{ count: number }>(base, token, STATS, body)).count;
}

/** The first number of a text: «16» of «16 з 10 сканів до цілі». */
const firstNumber = (t: string | null) => Number(/\d+/.exec(t ?? '')?.[0] ?? NaN);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('/scanning on a flapping, slow network', () => {
  it('sends the codes first and pulls the month’s figures once they are all in, not at every reconnect', async () => {
    const { page, context } = browser;
    const { token } = await member(page);
    const codes = await freshCodes(base, 'glo', 5);
    const before = await monthCount(token, 'glo');
    await openManualEntry(page, base);
    await page.getByTestId('scan-count').waitFor();
    await drained(page);

    // Every API call is logged; each takes 700 ms more, as on a link of a few kbit/s.
    const calls: Array<{ path: string }> = [];
    proxy.tap('/api/', async (req, forward) => {
      calls.push({ path: req.path.split('?')[0]! });
      await new Promise((r) => setTimeout(r, 700));
      await forward();
      return 'answer';
    });
    try {
      await goOffline(context);
      await typeCodes(page, base, codes);
      const typed = calls.length;
      // The network returns, then goes and comes back every 3 s.
      await goOnline(context);
      const network = flap(context, 3000);
      try {
        await expect
          .poll(
            async () => (await rows<{ kind: string }>(page, 'outbox')).filter((e) => e.kind === 'scan-code').length,
            { timeout: 60_000 },
          )
          .toBe(0);
      } finally {
        await network.stop();
      }
      expect(network.cuts()).toBeGreaterThanOrEqual(1);
      // The month card moves to the server's figure: the pull the uploads called for did come.
      await expect
        .poll(async () => firstNumber(await page.getByTestId('scan-count').textContent()), { timeout: 20_000 })
        .toBe(before + codes.length);

      const after = calls.slice(typed);
      const lastUpload = after.map((c) => c.path).lastIndexOf(UPLOAD);
      const stats = after.flatMap((c, i) => (c.path === STATS ? [i] : []));
      console.log(
        `[polish] after the codes were typed: ${after.length} API calls, ${after.filter((c) => c.path === UPLOAD).length} uploads, ${stats.length} month pulls`,
      );
      // Never ahead of the uploads: no month pull before the last code went up.
      expect(stats.filter((i) => i < lastUpload)).toEqual([]);
      // Coalesced: one pull for the lot (a second only if the network cut the first short).
      expect(stats.length).toBeGreaterThanOrEqual(1);
      expect(stats.length).toBeLessThanOrEqual(2);
    } finally {
      proxy.untap();
    }
  });
});

describe('the scan screens’ small print', () => {
  it.each(['glo', 'ogo'] as const)(
    '%s: past the month’s goal the card says the goal is reached, not «11 з 10»',
    async (variant) => {
      const { page } = browser;
      await switchVariant(page, base, variant);
      const { token } = await member(page);
      const goal = 10;
      // Past the goal through the screen (a code typed in is pulled into the card once credited).
      const count = await monthCount(token, variant);
      const missing = Math.max(0, goal + 1 - count);
      if (missing) await typeCodes(page, base, await freshCodes(base, variant, missing));
      await expect.poll(() => monthCount(token, variant)).toBe(count + missing);
      const now = count + missing;
      await page.goto(`${base}/scanning`);
      const line = page.getByTestId('scan-count');
      await expect.poll(async () => firstNumber(await line.textContent()), { timeout: 20_000 }).toBe(now);
      const text = (await line.textContent()) ?? '';
      expect(text).not.toContain(` з ${goal}`);
      expect(text).toContain('ціль місяця досягнуто');
      await page.getByTestId('month-card').scrollIntoViewIfNeeded();
      await shot(page, `polish-month-goal.${variant}`);
    },
  );

  it.each(['glo', 'ogo'] as const)('%s: /scan/history shows whole product names, wrapped', async (variant) => {
    const { page } = browser;
    await switchVariant(page, base, variant);
    await page.goto(`${base}/scan/history`);
    const titles = page.locator('[data-testid="history-row"] .scan-line__title');
    await titles.first().waitFor({ timeout: 20_000 });
    const cut = await titles.evaluateAll((els) =>
      els
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === 'ellipsis')
        .map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
    // glo's longest names («Стіки neo™ Demi Arctic Click») take a second line at this width.
    const lines = await titles.evaluateAll((els) =>
      Math.max(
        ...els.map(
          (e) =>
            e.getClientRects().length &&
            Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)),
        ),
      ),
    );
    if (variant === 'glo') expect(lines).toBeGreaterThanOrEqual(2);
    await shot(page, `polish-scan-history.${variant}`);
  });

  it('/favicon.ico is the host brand’s icon, never a JSON 404', async () => {
    const glo = await fetch(`${server.url}/favicon.ico`);
    expect(glo.status).toBe(200);
    expect(glo.headers.get('content-type')).toMatch(/^image\//);
    const gloBody = Buffer.from(await glo.arrayBuffer());
    const ogoServerUrl = `http://127.0.0.1:${server.port}`;
    await server.restart({ OGO_HOST: `127.0.0.1:${server.port}` });
    const ogo = await fetch(`${ogoServerUrl}/favicon.ico`);
    expect(ogo.status).toBe(200);
    const ogoBody = Buffer.from(await ogo.arrayBuffer());
    expect(ogoBody.equals(gloBody)).toBe(false);
    // The browser takes it for an icon: it decodes as an image.
    const { page } = browser;
    const size = await page.evaluate(async (u) => {
      const img = new Image();
      img.src = u;
      await img.decode();
      return img.naturalWidth;
    }, `${base}/favicon.ico`);
    expect(size).toBeGreaterThan(0);
  });
});
