import { describe, expect, it } from 'vitest';
import { MULTISCAN_MAX_IMAGE_BYTES } from '../../../src/contract/scan';
import { fitPhoto, PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE, PHOTO_MAX_UPLOAD_BYTES } from '../../../src/domain/scan/image-fit';

describe('multi-scan photo resized on the phone', () => {
  it('scales a 12 MP camera photo down to the longest side, keeping its proportions', () => {
    const r = fitPhoto({ width: 4032, height: 3024 });
    expect(r.width).toBe(PHOTO_MAX_SIDE);
    expect(r.height).toBe(1500);
    expect(r.width * r.height).toBeLessThanOrEqual(PHOTO_MAX_PIXELS);
  });

  it('holds a panorama to the pixel budget as well as the side', () => {
    const r = fitPhoto({ width: 2000, height: 1990 });
    expect(r.width * r.height).toBeLessThanOrEqual(PHOTO_MAX_PIXELS);
    expect(Math.abs(r.width / r.height - 2000 / 1990)).toBeLessThan(0.01);
  });

  it('never enlarges a small picture, and keeps at least one pixel', () => {
    expect(fitPhoto({ width: 640, height: 480 })).toEqual({ width: 640, height: 480, scale: 1 });
    expect(fitPhoto({ width: 100_000, height: 1 })).toMatchObject({ width: PHOTO_MAX_SIDE, height: 1 });
  });

  it('refuses a size that is not a picture', () => {
    for (const s of [
      { width: 0, height: 10 },
      { width: Number.NaN, height: 10 },
      { width: -1, height: -1 },
      { width: Infinity, height: 10 },
    ]) {
      expect(() => fitPhoto(s)).toThrow(RangeError);
    }
  });

  it('uses the server’s upload limit', () => {
    expect(PHOTO_MAX_UPLOAD_BYTES).toBe(MULTISCAN_MAX_IMAGE_BYTES);
  });
});
