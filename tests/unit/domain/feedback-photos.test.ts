// @vitest-environment node
// (Node's Blob: jsdom's has no arrayBuffer(), which every browser the app supports has.)
import { describe, expect, it } from 'vitest';
import { promptOrder } from '../../../src/domain/feedback/prompt';
import {
  FEEDBACK_MAX_PHOTOS,
  FEEDBACK_MAX_TEXT,
  feedbackProblem,
  imageMimeOf,
} from '../../../src/domain/feedback/rules';
import { fitPhoto, PHOTO_MAX_SIDE, PHOTO_MAX_UPLOAD_BYTES, PHOTO_QUALITY } from '../../../src/domain/scan/image-fit';
import {
  PHOTO_MAX_EDGE,
  PHOTO_MAX_INPUT_BYTES,
  fitWithin,
  resizeAttempts,
  resizePhoto,
  type PhotoCodec,
} from '../../../src/domain/feedback/photo-resize';

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];

describe('photo resizing (docs/rules.md#entities: feedback photos resized on the phone)', () => {
  it('fits the longest edge to 1600 px, keeps the aspect, never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1200, 800)).toEqual({ width: 1200, height: 800 });
    expect(fitWithin(10000, 3)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(0, 10)).toBeNull();
    expect(fitWithin(Number.NaN, 10)).toBeNull();
  });

  it('tries every quality at full size, then smaller edges at the lowest quality', () => {
    const a = resizeAttempts();
    expect(a.slice(0, 4)).toEqual([0.85, 0.75, 0.6, 0.45].map((quality) => ({ maxEdge: PHOTO_MAX_EDGE, quality })));
    expect(a.slice(4).map((x) => x.maxEdge)).toEqual([1200, 900, 675, 506]);
    expect(a.slice(4).every((x) => x.quality === 0.45)).toBe(true);
  });

  /** A codec that "encodes" to a size proportional to pixels × quality, and records its calls. */
  function fakeCodec(width: number, height: number, bytesPerPixel = 1) {
    const calls: Array<{ size: { width: number; height: number }; quality: number }> = [];
    let released = 0;
    const codec: PhotoCodec<object> = {
      decode: async () => ({ width, height }),
      encode: async (_img, size, quality) => {
        calls.push({ size, quality });
        return new Blob([new Uint8Array(Math.round(size.width * size.height * bytesPerPixel * quality))], {
          type: 'image/jpeg',
        });
      },
      release: () => {
        released += 1;
      },
    };
    return { codec, calls, released: () => released };
  }
  const file = (head: number[], size = 1000) =>
    new Blob([new Uint8Array([...head, ...new Array(Math.max(0, size - head.length)).fill(7)])]);

  it('keeps the first encoding within the byte limit, at 1600 px', async () => {
    const c = fakeCodec(4000, 3000);
    const r = await resizePhoto(file(JPEG_HEAD), c.codec, { maxBytes: 2_000_000, sniff: imageMimeOf });
    expect(r).toMatchObject({ ok: true, width: 1600, height: 1200 });
    expect(c.calls).toEqual([{ size: { width: 1600, height: 1200 }, quality: 0.85 }]);
    expect(c.released()).toBe(1);
  });

  it('steps the quality down, then the size, until the photo fits', async () => {
    const c = fakeCodec(4000, 3000, 2);
    const r = await resizePhoto(file(PNG_HEAD), c.codec, { maxBytes: 1_000_000, sniff: imageMimeOf });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.blob.size).toBeLessThanOrEqual(1_000_000);
    expect(c.calls.map((x) => x.quality)).toEqual([0.85, 0.75, 0.6, 0.45, 0.45]);
    expect(c.calls.at(-1)?.size).toEqual({ width: 1200, height: 900 });
  });

  it('refuses what is not an image by its bytes, whatever its name, without decoding', async () => {
    const c = fakeCodec(100, 100);
    expect(
      await resizePhoto(new Blob(['hello, this is text']), c.codec, { maxBytes: 1e6, sniff: imageMimeOf }),
    ).toEqual({ ok: false, reason: 'not_image' });
    expect(c.calls).toHaveLength(0);
    const broken: PhotoCodec<object> = { ...c.codec, decode: async () => Promise.reject(new Error('bad')) };
    expect(await resizePhoto(file(JPEG_HEAD), broken, { maxBytes: 1e6, sniff: imageMimeOf })).toEqual({
      ok: false,
      reason: 'not_image',
    });
  });

  it('refuses a photo too big to open, or one that never fits', async () => {
    const huge = { size: PHOTO_MAX_INPUT_BYTES + 1, slice: () => new Blob(JPEG_HEAD.map(String)) } as unknown as Blob;
    expect(await resizePhoto(huge, fakeCodec(10, 10).codec, { maxBytes: 1e6, sniff: imageMimeOf })).toEqual({
      ok: false,
      reason: 'too_large',
    });
    const c = fakeCodec(4000, 3000, 50);
    expect(await resizePhoto(file(JPEG_HEAD), c.codec, { maxBytes: 1000, sniff: imageMimeOf })).toEqual({
      ok: false,
      reason: 'too_large',
    });
    expect(c.released()).toBe(1);
  });
});

describe('one pipeline for every photo the app sends', () => {
  it('the multi-scan goes through it with its own size rule and one quality, the decoder judging what is an image', async () => {
    const calls: Array<{ size: { width: number; height: number }; quality: number }> = [];
    const codec: PhotoCodec<object> = {
      decode: async () => ({ width: 4032, height: 3024 }),
      encode: async (_img, size, quality) => {
        calls.push({ size, quality });
        return new Blob([new Uint8Array(100)]);
      },
    };
    const fit = (width: number, height: number, maxSide: number) => fitPhoto({ width, height }, maxSide);
    const r = await resizePhoto(new Blob(['no image header at all']), codec, {
      maxBytes: PHOTO_MAX_UPLOAD_BYTES,
      attempts: [{ maxEdge: PHOTO_MAX_SIDE, quality: PHOTO_QUALITY }],
      fit,
    });
    expect(r).toMatchObject({ ok: true, width: 2000, height: 1500 });
    expect(calls).toEqual([{ size: { width: 2000, height: 1500, scale: expect.any(Number) }, quality: PHOTO_QUALITY }]);
  });
});

describe('feedback form rules (docs/api.md#feedback feedback/send limits)', () => {
  it('tells images by their first bytes', () => {
    expect(imageMimeOf(new Uint8Array(JPEG_HEAD))).toBe('image/jpeg');
    expect(imageMimeOf(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(imageMimeOf(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]))).toBe(
      'image/webp',
    );
    expect(imageMimeOf(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(imageMimeOf(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it('an empty feedback (no rating), too long a text or too many photos is refused', () => {
    expect(feedbackProblem({ rating: null, text: '', photoCount: 0 })).toEqual({
      field: 'rating',
      message: 'Постав оцінку від 1 до 5 зірок',
    });
    expect(feedbackProblem({ rating: 0, text: 'ok', photoCount: 0 })?.field).toBe('rating');
    expect(feedbackProblem({ rating: 6, text: 'ok', photoCount: 0 })?.field).toBe('rating');
    expect(feedbackProblem({ rating: 5, text: 'я'.repeat(FEEDBACK_MAX_TEXT + 1), photoCount: 0 })?.field).toBe('text');
    expect(
      feedbackProblem({ rating: 5, text: 'я'.repeat(FEEDBACK_MAX_TEXT), photoCount: FEEDBACK_MAX_PHOTOS }),
    ).toBeNull();
    expect(feedbackProblem({ rating: 1, text: '', photoCount: FEEDBACK_MAX_PHOTOS + 1 })?.field).toBe('photos');
  });
});

describe('the feedback popup (docs/rules.md#entities) asks about a recent order once', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const orders = [
    { id: 1, created_at: '2026-08-01T10:00:00Z' },
    { id: 2, created_at: '2026-11-11T10:00:00Z' },
    { id: 3, created_at: '2026-11-20T10:00:00Z' },
  ];
  it('picks the newest order of the last 30 days not asked about and not rated here', () => {
    expect(promptOrder(orders, { shown: [], rated: [], now })?.id).toBe(3);
    expect(promptOrder(orders, { shown: [3], rated: [], now })?.id).toBe(2);
    expect(promptOrder(orders, { shown: [3], rated: [2], now })).toBeNull();
    expect(promptOrder([orders[0]!], { shown: [], rated: [], now })).toBeNull();
    expect(promptOrder([], { shown: [], rated: [], now })).toBeNull();
  });
});
