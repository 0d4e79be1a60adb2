// a change the server refuses (400/403/404) is shown with the server's own
// reason and with what it was (the serial, the code), never a general «Цього вже немає на сервері».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { kv } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverCall } from './support/server-api';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { signedInReady } from './shop-steps';
import { drained, openManualEntry } from './faults-steps';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ ready: signedInReady })));

afterAll(() => closeSession({ server, browser }));

const UNKNOWN_SERIALS = ['NOSUCH0000A1', 'NOSUCH0000B2'];
const UNKNOWN_CODE = '0000dead-beef-4000-8000-00000000c0de';

describe('refusals', () => {
  it('say the server’s reason and name the serial or the code they were', async () => {
    const { page, context } = browser;
    const base = server.url;
    const token = await kv<string>(page, 'pwaToken');
    await page.goto(`${base}/device-reg`);
    await page.getByTestId('device-serial').waitFor();
    await openManualEntry(page, base);
    await page.goto(`${base}/device-reg`);
    await page.getByTestId('device-serial').waitFor();
    await drained(page);
    // The device list, where a registration queued offline leads, is on the device before the network goes.
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await caches.open('club-shell-later')).keys()).some((r) =>
              r.url.includes('/assets/my-devices-page-'),
            ),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);

    await goOffline(context);
    for (const serial of UNKNOWN_SERIALS) {
      await page.goto(`${base}/device-reg`);
      await page.getByTestId('device-serial').fill(serial);
      await page.getByTestId('device-submit').click();
      await page.waitForURL(`${base}/my-devices`);
    }
    await openManualEntry(page, base);
    await page.getByTestId('manual-code').fill(UNKNOWN_CODE);
    await page.getByTestId('manual-code').press('Enter');
    await expect.poll(() => page.getByTestId('manual-entry').textContent()).toContain('Код збережено');
    // Away from /scanning, which answers a scan's refusal on its own line and takes it off the list.
    await page.goto(`${base}/my-devices`);
    await page.getByTestId('device-row').first().waitFor();
    await goOnline(context);

    const indicator = page.getByTestId('sync-indicator');
    await expect
      .poll(async () => (await indicator.count()) && (await indicator.getAttribute('data-state')), { timeout: 30_000 })
      .toBe('failed');
    await indicator.click();
    const items = page.getByTestId('sync-failed-item');
    await expect.poll(() => items.count()).toBe(3);
    const texts = await items.allTextContents();
    for (const serial of UNKNOWN_SERIALS) {
      const item = texts.find((t) => t.includes(serial));
      expect(item, serial).toBeDefined();
      expect(item).toContain('Такого серійного номера немає в реєстрі виробника');
    }
    const scan = texts.find((t) => t.includes(UNKNOWN_CODE));
    expect(scan).toContain('Такого коду немає');
    for (const t of texts) expect(t).not.toContain('Цього вже немає на сервері');

    // Nothing of them reached the member's record.
    const devices = await serverCall<{ data: { asset: Array<{ serial: string }> } }>(base, token, '/api/get-devices');
    expect(devices.data.asset.map((d) => d.serial)).not.toContain(UNKNOWN_SERIALS[0]);
    expect(devices.data.asset.map((d) => d.serial)).not.toContain(UNKNOWN_SERIALS[1]);
    const history = await serverCall<{ items: Array<{ uuid: string }> }>(base, token, '/api/scan/get-history', {
      offset: 0,
    });
    expect(history.items.map((i) => i.uuid.toLowerCase())).not.toContain(UNKNOWN_CODE);
    await page.keyboard.press('Escape');
  });
});
