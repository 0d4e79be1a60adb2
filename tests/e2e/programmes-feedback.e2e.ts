// Feedback in Chromium against the real server, through the screens: a photo too big to send is
// resized on the phone, the feedback is written offline, survives a reload with no network, and
// reaches the server exactly once when the network is back.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MAX_PHOTO_BYTES } from '../../src/domain/feedback/rules';
import { PHOTO_MAX_EDGE } from '../../src/domain/feedback/photo-resize';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { kv, queuedChanges, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A 2400×1800 photo of noise: PNG, well over the server's 5 MB, so only a resized copy can go. */
function bigPhoto(): Buffer {
  const png = new PNG({ width: 2400, height: 1800 });
  let x = 12345;
  for (let i = 0; i < png.data.length; i += 4) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    png.data[i] = x & 255;
    png.data[i + 1] = (x >> 8) & 255;
    png.data[i + 2] = (x >> 16) & 255;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png, { deflateLevel: 1 });
}

interface Sent {
  id: number;
  orderId: number | null;
  rating: number;
  text: string;
  photos: Array<{ id: number; mime: string; size: number }>;
}

describe('feedback with a photo, written offline', () => {
  it('is kept through an offline reload and arrives once, photo resized', async () => {
    const { page, context } = browser;
    await signInAsDemo(page, server.url);
    await waitForServiceWorker(page);
    const token = await kv<string>(page, 'pwaToken');
    const photo = bigPhoto();
    expect(photo.length).toBeGreaterThan(FEEDBACK_MAX_PHOTO_BYTES);

    await page.goto(`${server.url}/feedback`);
    const order = page.getByTestId('feedback-order').first();
    await order.waitFor({ timeout: 20_000 });
    const orderId = Number(await order.getAttribute('data-order'));
    expect(orderId).toBeGreaterThan(0);
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 15_000 }).toBe(0);

    await goOffline(context);
    try {
      await order.getByTestId('feedback-rate').click();
      const form = page.getByTestId('feedback-form');
      await form.waitFor();
      // Bad input first: no rating, and a file that is not a photo. Nothing is queued.
      await form.getByTestId('feedback-file').setInputFiles({
        name: 'notes.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('this is not a picture at all'),
      });
      await expect.poll(() => form.getByTestId('feedback-photos-hint').textContent()).toContain('лише фото');
      await form.getByTestId('feedback-submit').click();
      await form.getByText('Постав оцінку від 1 до 5 зірок').waitFor();
      expect(await queuedChanges(page)).toHaveLength(0);

      await form.locator('label:has([data-testid="feedback-star-4"])').click();
      await form.getByTestId('feedback-text').fill('Приїхало вчасно, але коробка трохи пом’ята.');
      await form
        .getByTestId('feedback-file')
        .setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: photo });
      await form.getByTestId('feedback-photo').waitFor({ timeout: 20_000 });
      await form.getByTestId('feedback-submit').click();
      await form.waitFor({ state: 'detached' });
      const queued = await queuedChanges<{ kind: string; payload: { orderId: number; photos: unknown[] } }>(page);
      expect(queued.map((e) => e.kind)).toEqual(['feedback-send']);
      expect(queued[0]?.payload.orderId).toBe(orderId);
      expect(queued[0]?.payload.photos).toHaveLength(1);

      // Reloaded with no network: the service worker serves the app; the feedback still waits.
      await page.reload();
      await page.locator('[data-testid="feedback-local"][data-state="waiting"]').waitFor({ timeout: 20_000 });
      expect(await page.locator(`[data-testid="feedback-order"][data-order="${orderId}"]`).count()).toBe(0);
    } finally {
      await goOnline(context);
    }

    // Back online: sent by itself, once; the server holds one feedback with one resized JPEG.
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
    await page.locator('[data-testid="feedback-local"]').waitFor({ state: 'detached', timeout: 15_000 });
    const feedbackToken = (await serverCall<{ token: string }>(server.url, token, '/api/feedback/get-auth')).token;
    const list = await serverCall<{ feedback: Sent[] }>(server.url, token, '/api/feedback/get-list', {
      token: feedbackToken,
    });
    const mine = list.feedback.filter((f) => f.orderId === orderId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ rating: 4, text: 'Приїхало вчасно, але коробка трохи пом’ята.' });
    expect(mine[0]?.photos).toHaveLength(1);
    const sentPhoto = mine[0]!.photos[0]!;
    expect(sentPhoto.mime).toBe('image/jpeg');
    expect(sentPhoto.size).toBeLessThanOrEqual(FEEDBACK_MAX_PHOTO_BYTES);
    // Read with the bearer token alone: no feedback token in the URL.
    const got = await serverCall<{ data: string }>(server.url, token, `/api/feedback/get-photo?id=${sentPhoto.id}`);
    const decoded = jpeg.decode(Buffer.from(got.data, 'base64'), { useTArray: true });
    expect(Math.max(decoded.width, decoded.height)).toBe(PHOTO_MAX_EDGE);
    expect(decoded.width / decoded.height).toBeCloseTo(2400 / 1800, 2);
    await page.getByTestId('feedback-sent').filter({ hasText: 'коробка трохи пом’ята' }).waitFor({ timeout: 15_000 });
  });
});
