import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { cameraDir, codesPhoto, freshCodes } from './support/camera';
import { kv, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signedInReady, switchVariant } from './shop-steps';

// «Надіслані фото» on /scan/multi come from the server (any device), merged
// with this phone's photos still waiting: a new device lists what the member sent from another.

let server: RunningServer;
let phone: Browser;
let tablet: Browser;
let dir: string;

interface ServerPhotos {
  total: number;
  photos: Array<{ id: number; awarded: number; codes: Array<{ uuid: string; outcome: string }> }>;
}

beforeAll(async () => {
  server = await startServer();
  dir = cameraDir();
  const glo = await freshCodes(server.url, 'glo', 4, 5);
  const ogo = await freshCodes(server.url, 'ogo', 2, 5);
  codesPhoto(
    join(dir, 'glo-1.png'),
    glo.slice(0, 2).map((c) => c.code),
  );
  codesPhoto(
    join(dir, 'glo-2.png'),
    glo.slice(2, 4).map((c) => c.code),
  );
  codesPhoto(
    join(dir, 'ogo.png'),
    ogo.map((c) => c.code),
  );
  phone = await openBrowser();
  tablet = await openBrowser();
  await signedInReady(phone.page, server.url);
  await signedInReady(tablet.page, server.url);
});

afterAll(async () => {
  await phone?.close();
  await tablet?.close();
  await server?.dispose();
});

async function serverPhotos(page: Page, variant: 'glo' | 'ogo'): Promise<ServerPhotos> {
  return serverCall<ServerPhotos>(
    server.url,
    await kv<string>(page, 'pwaToken'),
    '/mapi/multiscan/get-history',
    variant === 'ogo' ? { ogo: true } : {},
  );
}

/** Picks a photo from the gallery on /scan/multi and sends it. */
async function sendPhoto(page: Page, file: string): Promise<void> {
  await page.getByTestId('photo-file').setInputFiles(join(dir, file));
  await expect.poll(() => page.getByTestId('multi-found').textContent(), { timeout: 20_000 }).toContain('2 коди');
  await page.getByTestId('multi-send').click();
}

async function openMulti(page: Page): Promise<void> {
  await page.goto(`${server.url}/scan/multi`);
  await page.getByTestId('multi-pick').waitFor();
}

const listed = (page: Page) => page.getByTestId('multiscan-row');

describe('«Надіслані фото» from the server', () => {
  it('a second device lists the photos sent from the first, per variant, as the server holds them', async () => {
    // The phone sends a glo photo and an ogo photo.
    await openMulti(phone.page);
    await sendPhoto(phone.page, 'glo-1.png');
    await phone.page.locator('[data-testid="multiscan-row"][data-state="sent"]').waitFor({ timeout: 30_000 });
    await switchVariant(phone.page, server.url, 'ogo');
    await openMulti(phone.page);
    await sendPhoto(phone.page, 'ogo.png');
    await phone.page.locator('[data-testid="multiscan-row"][data-state="sent"]').waitFor({ timeout: 30_000 });

    // The tablet never sent a photo: it lists the phone's, glo's on glo and ogo's on ogo.
    expect(await rows(tablet.page, 'multiscans')).toHaveLength(0);
    for (const variant of ['glo', 'ogo'] as const) {
      await switchVariant(tablet.page, server.url, variant);
      await openMulti(tablet.page);
      const held = await serverPhotos(tablet.page, variant);
      expect(held.total).toBe(1);
      await expect.poll(() => listed(tablet.page).count(), { timeout: 20_000 }).toBe(held.total);
      const row = listed(tablet.page).first();
      expect(await row.getAttribute('data-state')).toBe('sent');
      expect(await row.locator('[data-testid="multiscan-code"][data-outcome="awarded"]').count()).toBe(
        held.photos[0]!.awarded,
      );
      expect(held.photos[0]!.awarded).toBe(2);
    }
  });

  it('merges a photo waiting on this device with the server’s, and lists it once after it is read', async () => {
    const { page, context } = tablet;
    await switchVariant(page, server.url, 'glo');
    await openMulti(page);
    await expect.poll(() => listed(page).count(), { timeout: 20_000 }).toBe(1);
    await goOffline(context);
    try {
      await sendPhoto(page, 'glo-2.png');
      await page.locator('[data-testid="multiscan-row"][data-state="waiting"]').waitFor({ timeout: 20_000 });
      // The server's photo stays listed beside the waiting one.
      expect(await page.locator('[data-testid="multiscan-row"][data-state="sent"]').count()).toBe(1);
      expect(await listed(page).count()).toBe(2);
    } finally {
      await goOnline(context);
    }
    await expect
      .poll(
        async () =>
          (await rows(page, 'outbox')).filter((e) => (e as { kind: string }).kind === 'multiscan-load').length,
        { timeout: 30_000 },
      )
      .toBe(0);
    const held = await serverPhotos(page, 'glo');
    expect(held.total).toBe(2);
    // Reopened: both photos, each once, both read, as the server lists them.
    await openMulti(page);
    await expect
      .poll(async () => page.locator('[data-testid="multiscan-row"][data-state="sent"]').count(), { timeout: 20_000 })
      .toBe(2);
    expect(await listed(page).count()).toBe(held.total);
    const awarded = await page.locator('[data-testid="multiscan-code"][data-outcome="awarded"]').count();
    expect(awarded).toBe(held.photos.reduce((n, p) => n + p.awarded, 0));
  });
});
