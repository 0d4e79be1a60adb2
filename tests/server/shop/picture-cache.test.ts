import { describe, expect, it } from 'vitest';
import { PictureCache } from '../../../server/routes/shop/picture-cache';

const picture = (bytes: number) => ({ body: new Uint8Array(bytes) });

describe('PictureCache', () => {
  it('holds at most its bytes, dropping the least recently asked for first', () => {
    const cache = new PictureCache(10_000);
    cache.set('a', picture(3_000));
    cache.set('b', picture(3_000));
    cache.set('c', picture(3_000));
    expect(cache.get('a')).toBeDefined();
    cache.set('d', picture(3_000));
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true]);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    cache.set('a', picture(1_000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('c')).toBeDefined();
  });

  it('keeps nothing larger than its whole budget; counts an SVG with its gzipped bytes', () => {
    const cache = new PictureCache(5_000);
    cache.set('huge', picture(6_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(0);
    cache.set('svg', { body: 'x'.repeat(2_000), gz: new Uint8Array(500) });
    expect(cache.bytes).toBeGreaterThanOrEqual(2_500);
  });
});
