import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForLaterPrecache, waitForServiceWorker, type Browser } from './support/browser';
import { cameraDir, codesPhoto, fakeCameraArgs, freeSerial, freshCodes, writeY4m } from './support/camera';
import { kv, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';

// a fake camera (a Y4M video of generated QR and DataMatrix codes, played
// by Chromium in a loop) in a shop with no signal, then a multi-scan photo and a device
// registered by scanning its box.

// Neither a GUID nor a device serial (the # and / keep it from looking like one).
const MALFORMED = 'PACK#1234/NOT-A-CODE';
// A code not in the club's form, in the member's words (the text (docs/rules.md#error-reactions) is English).
const GUID_INVALID = 'Код клубу — 32 латинські літери й цифри';

let server: RunningServer;
let browser: Browser;
let dir: string;
let codes: Array<{ code: string; xp: number }>;
let photoCodes: Array<{ code: string; xp: number }>;
let serial: string;

beforeAll(async () => {
  server = await startServer();
  dir = cameraDir();
  codes = await freshCodes(server.url, 'glo', 2);
  photoCodes = await freshCodes(server.url, 'glo', 3, 2);
  serial = (await freeSerial(server.url, 'glo')).serial;
  const [a, b] = codes as unknown as [{ code: string }, { code: string }];
  // About 5 s a loop: a QR code, a malformed QR, a DataMatrix code and a device's serial.
  const video = writeY4m(join(dir, 'camera.y4m'), [
    { text: null, frames: 4 },
    { text: a.code, kind: 'qr', frames: 8 },
    { text: null, frames: 4 },
    { text: MALFORMED, kind: 'qr', frames: 8 },
    { text: null, frames: 4 },
    { text: b.code.toUpperCase(), kind: 'datamatrix', frames: 8 },
    { text: null, frames: 4 },
    { text: serial, kind: 'datamatrix', frames: 8 },
  ]);
  codesPhoto(
    join(dir, 'three-codes.png'),
    photoCodes.map((c) => c.code),
  );
  codesPhoto(join(dir, 'no-code.png'), []);
  writeFileSync(join(dir, 'notes.txt'), 'not a photo');
  browser = await openBrowser({ args: fakeCameraArgs(video) });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Every text the scanner's feedback showed since the page loaded (it stays up for about 2 s). */
async function watchFeedback(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __feedback: string[] };
    w.__feedback = [];
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="scan-feedback"]'))) {
        const t = el.textContent ?? '';
        if (w.__feedback[w.__feedback.length - 1] !== t) w.__feedback.push(t);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const feedback = (page: Page) => page.evaluate(() => (window as unknown as { __feedback: string[] }).__feedback);

const balanceOf = async (token: string) =>
  (await serverCall<{ balance: number }>(server.url, token, '/api/get-balance?v=glo')).balance;

describe('scanning in a store with no signal', () => {
  it('keeps two codes offline, refuses a malformed one on the spot, queues a repeated code once, survives a reload and credits both once back online', async () => {
    const { page, context } = browser;
    await signInAsDemo(page, server.url);
    await waitForServiceWorker(page);
    // The decoder's wasm comes with the precache's later group (on this good connection, after install).
    await waitForLaterPrecache(page);
    const token = await kv<string>(page, 'pwaToken');
    const before = await balanceOf(token);
    const [a, b] = codes as [{ code: string; xp: number }, { code: string; xp: number }];

    await goOffline(context);
    try {
      // Opened with no network: the service worker serves the app, the decoder and its wasm.
      await page.goto(`${server.url}/scanning`);
      await page.getByTestId('scanner').and(page.locator('[data-status="running"]')).waitFor({ timeout: 20_000 });
      await watchFeedback(page);
      await expect
        .poll(async () => (await rows<{ code: string }>(page, 'scans')).map((r) => r.code).sort(), { timeout: 30_000 })
        .toEqual([a.code, b.code].sort());
      // Another loop of the video shows both codes again: told they are there, nothing queued twice.
      await expect
        .poll(async () => (await feedback(page)).filter((t) => t.includes('Цей код уже є')).length, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(2);
      const seen = await feedback(page);
      expect(seen.some((t) => t.includes(GUID_INVALID))).toBe(true);
      const scans = await rows<{ code: string; state: string }>(page, 'scans');
      expect(scans.map((s) => s.state)).toEqual(['waiting', 'waiting']);
      expect(scans.some((s) => s.code.includes('pack'))).toBe(false);
      const queued = (await rows<{ kind: string; payload: { code: string } }>(page, 'outbox')).filter(
        (e) => e.kind === 'scan-code',
      );
      expect(queued.map((e) => e.payload.code).sort()).toEqual([a.code, b.code].sort());
      await expect.poll(() => page.getByTestId('waiting-count').textContent()).toContain('2 коди');

      // Reloaded with no network: the queue is still there, shown as waiting.
      await page.reload();
      await page.locator('[data-testid="scan-row"][data-state="waiting"]').nth(1).waitFor({ timeout: 20_000 });
      expect((await rows<{ kind: string }>(page, 'outbox')).filter((e) => e.kind === 'scan-code')).toHaveLength(2);
    } finally {
      await goOnline(context);
    }

    // Back online: both credited once, the balance up by exactly their XP, here and on the server.
    await expect
      .poll(async () => (await rows<{ state: string }>(page, 'scans')).map((s) => s.state), { timeout: 30_000 })
      .toEqual(['credited', 'credited']);
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 15_000 }).toBe(0);
    const after = before + a.xp + b.xp;
    expect(await balanceOf(token)).toBe(after);
    const history = await serverCall<{ items: Array<{ uuid: string }> }>(server.url, token, '/api/scan/get-history', {
      offset: 0,
    });
    expect(history.items.filter((i) => i.uuid === a.code || i.uuid === b.code)).toHaveLength(2);
    await page.locator(`[data-testid="scan-row"][data-scan-code="${a.code}"][data-state="credited"]`).waitFor();
    await page.goto(`${server.url}/`);
    await expect
      .poll(async () => (await page.getByTestId('xp-balance').textContent())?.replace(/\D/g, ''))
      .toBe(String(after));
  });

  it('reads a photo of three codes on the phone, sends it with progress and credits three; a file that is not a photo or shows no code is refused and nothing queued', async () => {
    const { page } = browser;
    const token = await kv<string>(page, 'pwaToken');
    const before = await balanceOf(token);
    await page.goto(`${server.url}/scan/multi`);
    const input = page.getByTestId('photo-file');

    await input.setInputFiles(join(dir, 'notes.txt'));
    await expect.poll(() => page.getByTestId('multi-error').textContent()).toContain('Це не фото');
    await input.setInputFiles(join(dir, 'no-code.png'));
    await expect
      .poll(() => page.getByTestId('multi-error').textContent(), { timeout: 20_000 })
      .toContain('не знайдено жодного коду');
    expect(await rows(page, 'multiscans')).toHaveLength(0);

    await input.setInputFiles(join(dir, 'three-codes.png'));
    await expect.poll(() => page.getByTestId('multi-found').textContent(), { timeout: 20_000 }).toContain('3 коди');
    // The upload progress the screen shows while the photo goes out, as it moves.
    await page.evaluate(() => {
      const w = window as unknown as { __progress: number[] };
      w.__progress = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="multi-progress"]');
        if (bar) w.__progress.push(Number(bar.getAttribute('aria-valuenow')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByTestId('multi-send').click();
    const row = page.locator('[data-testid="multiscan-row"][data-state="sent"]');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.locator('[data-testid="multiscan-code"][data-outcome="awarded"]').count()).toBe(3);
    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(progress[0]).toBe(0);
    expect(Math.max(...progress)).toBe(100);
    expect(await balanceOf(token)).toBe(before + photoCodes.reduce((n, c) => n + c.xp, 0));
    expect(await rows(page, 'outbox')).toHaveLength(0);
  });

  it('registers a device by scanning its box: an unknown serial is refused with a Ukrainian message, the scanned one appears in /my-devices', async () => {
    const { page } = browser;
    const token = await kv<string>(page, 'pwaToken');
    const before = await balanceOf(token);
    await page.goto(`${server.url}/device-reg`);
    await page.getByTestId('device-serial').fill('FAKE00000001');
    await page.getByTestId('device-submit').click();
    await expect
      .poll(() => page.locator('.field__error').textContent(), { timeout: 20_000 })
      .toContain('реєстрі виробника');
    expect(await balanceOf(token)).toBe(before);

    await page.getByTestId('device-scan').click();
    await page.waitForURL(`${server.url}/my-devices`, { timeout: 30_000 });
    await page
      .locator(`[data-testid="device-row"][data-serial="${serial}"][data-state="registered"]`)
      .waitFor({ timeout: 15_000 });
    const devices = await serverCall<{ data: { asset: Array<{ serial: string }> } }>(
      server.url,
      token,
      '/api/get-devices',
    );
    expect(devices.data.asset.map((d) => d.serial)).toContain(serial);
    expect(await balanceOf(token)).toBe(before + 100);
  });
});
