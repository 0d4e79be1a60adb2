import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../src/domain/catalogue/catalogue';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { catalogueWithMember, product } from './support';

let s: TestServer, m: TestMember;
beforeAll(async () => ({ s, m } = await catalogueWithMember()));
afterAll(() => s.close());

const byCollection = (body: unknown, token = m.token) =>
  s.post('/api/api-shop/get-products-by-collection', body, token);

describe('get-products-by-collection (docs/api.md#shop Shop, docs/rules.md#constants categories)', () => {
  it('lists a glo collection in display order with prices in UAH, pack sizes, tags and drawings', async () => {
    const r = await byCollection({ collectionId: 270101 });
    expect(r.status).toBe(200);
    expect(r.body.collection).toEqual({ id: 270101, category: 'sticks', title: 'Стіки', bonus: false });
    expect(r.body.products.length).toBeGreaterThanOrEqual(10);
    const first = r.body.products[0];
    expect(first).toMatchObject({
      title: 'Стіки glo «Класичний тютюн»',
      subTitle: 'Пачка, 20 шт.',
      price: 105,
      bonuses: null,
      quantity: 20,
      collectionId: 270101,
      category: 'sticks',
      available: true,
    });
    expect(first.image).toBe(`/media/products/${first.id}.webp`);
    // Out-of-stock items are listed too, marked unavailable.
    expect(r.body.products.some((p: { available: boolean }) => !p.available)).toBe(true);
    expect(r.body.products.filter((p: { tags: string[] }) => p.tags.includes('mix_pack'))).toHaveLength(2);
  });

  it('lists bonus items with their XP price and no money price; bonus: true keeps only those', async () => {
    const bonus = await byCollection({ collectionId: 270103 });
    expect(bonus.body.collection.bonus).toBe(true);
    expect(bonus.body.products.every((p: { price: number; bonuses: number }) => p.price === 0 && p.bonuses > 0)).toBe(
      true,
    );
    const sticksBonusOnly = await byCollection({ collectionId: 270101, bonus: true });
    expect(sticksBonusOnly.body.products).toEqual([]);
  });

  it('lists an ogo collection only when asked for the ogo variant, with velo pouches and the gift', async () => {
    const velo = await byCollection({ collectionId: 370106, ogo: true });
    expect(velo.status).toBe(200);
    const tags = velo.body.products.map((p: { tags: string[] }) => p.tags);
    expect(tags.filter((t: string[]) => t.includes('velo')).length).toBeGreaterThanOrEqual(10);
    expect(tags.some((t: string[]) => t.includes('velo_gift'))).toBe(true);
    const gift = velo.body.products.find((p: { tags: string[] }) => p.tags.includes('velo_gift'));
    expect(gift.price).toBe(0);
  });

  it('answers 404 for a collection of the other variant or one that does not exist', async () => {
    for (const body of [{ collectionId: 370106 }, { collectionId: 270101, ogo: true }, { collectionId: 999 }]) {
      const r = await byCollection(body);
      expect(r.status, JSON.stringify(body)).toBe(404);
      expect(r.body.error.code).toBe('collection_not_found');
      expect(r.body.error.message).toMatch(/колекції/);
    }
  });

  it('lists the curated popular collection under its own category, so the detail route stays in it', async () => {
    const r = await byCollection({ collectionId: 270105 });
    expect(r.body.products.length).toBeGreaterThanOrEqual(10);
    expect(
      r.body.products.every(
        (p: { category: string; collectionId: number }) => p.category === 'popular' && p.collectionId === 270105,
      ),
    ).toBe(true);
  });

  it('every category of both variants has at least ten products', async () => {
    for (const c of CATEGORIES) {
      const r = await byCollection({ collectionId: c.collectionId, ogo: c.variant === 'ogo' });
      expect(r.body.products.length, c.slug).toBeGreaterThanOrEqual(10);
    }
  });

  it('refuses bad input with 400 naming the field, and a missing bearer with 401', async () => {
    for (const [body, field] of [
      [{}, 'collectionId'],
      [{ collectionId: 'x' }, 'collectionId'],
      [{ collectionId: -1 }, 'collectionId'],
      [{ collectionId: 1.5 }, 'collectionId'],
      [{ collectionId: 270101, ogo: 'yes' }, 'ogo'],
      [{ collectionId: 270101, bonus: 1 }, 'bonus'],
    ] as const) {
      const r = await byCollection(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    expect((await s.post('/api/api-shop/get-products-by-collection', { collectionId: 270101 })).status).toBe(401);
  });
});

describe('get-product-by-id', () => {
  it('answers one product of the variant, sold out or not', async () => {
    const p = await product(s, 'devices-pro-bordo');
    const r = await s.post('/api/api-shop/get-product-by-id', { id: p.id }, m.token);
    expect(r.status).toBe(200);
    expect(r.body.product).toMatchObject({
      id: p.id,
      title: 'glo Пристрій Про',
      subTitle: 'Колір: бордо',
      price: 1499,
      category: 'devices',
      available: false,
    });
  });

  it('answers 404 for a product of the other variant or none, 400 for a bad id', async () => {
    const ogo = await product(s, 'ogo-velo-freeze');
    expect((await s.post('/api/api-shop/get-product-by-id', { id: ogo.id }, m.token)).status).toBe(404);
    expect((await s.post('/api/api-shop/get-product-by-id', { id: ogo.id, ogo: true }, m.token)).status).toBe(200);
    const none = await s.post('/api/api-shop/get-product-by-id', { id: 999_999 }, m.token);
    expect(none.body.error.code).toBe('product_not_found');
    const bad = await s.post('/api/api-shop/get-product-by-id', { id: '5' }, m.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('«id»');
  });
});

describe('get-products-by-id: the cart refresh of docs/rules.md#states', () => {
  it('answers the current price of products still on sale and leaves out the rest', async () => {
    const amber = await product(s, 'sticks-amber-20');
    const soldOut = await product(s, 'sticks-tropic-20');
    const thermo = await product(s, 'bonus-thermo');
    const foreign = await product(s, 'ogo-velo-freeze');
    const r = await s.post(
      '/api/api-shop/get-products-by-id',
      {
        prods: [
          { variant_id: amber.variant_id, id: amber.id, bonuses: null },
          { variant_id: soldOut.variant_id, id: soldOut.id },
          { variant_id: thermo.variant_id, id: thermo.id, bonuses: 1 },
          { variant_id: foreign.variant_id, id: foreign.id },
          // A line whose product id does not match its variant is stale.
          { variant_id: amber.variant_id, id: thermo.id },
          { variant_id: 12345, id: 1 },
        ],
      },
      m.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.products.map((p: { id: number }) => p.id)).toEqual([amber.id, thermo.id]);
    expect(r.body.products[0].price).toBe(105);
    expect(r.body.products[1]).toMatchObject({ price: 0, bonuses: 1200 });
  });

  it('refuses more than 100 lines and malformed lines with 400 naming the field', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ variant_id: i + 1, id: i + 1 }));
    const r = await s.post('/api/api-shop/get-products-by-id', { prods: many }, m.token);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('«prods»');
    const bad = await s.post('/api/api-shop/get-products-by-id', { prods: [{ variant_id: 'a', id: 1 }] }, m.token);
    expect(bad.body.error.message).toContain('«prods.0.variant_id»');
  });
});

describe('product pictures at /media/products/<id>.webp', () => {
  const webp = async (path: string) => {
    const res = await s.app.request(path);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('serves a lossless WebP of 360 px without the API key, long-cached, with an ETag; ?w=720 for dense screens', async () => {
    const p = await product(s, 'ogo-velo-freeze');
    const { res, bytes } = await webp(`/media/products/${p.id}.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 360, height: 360, hasAlpha: true });
    // A few kilobytes: the backdrop is the page's, the picture only flat colours.
    expect(bytes.length).toBeLessThan(12_000);
    const again = await s.app.request(`/media/products/${p.id}.webp`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    const big = await webp(`/media/products/${p.id}.webp?w=720`);
    expect(await sharp(big.bytes).metadata()).toMatchObject({ format: 'webp', width: 720, height: 720 });
  });

  it('draws the label with the server’s own font: the label’s strip has ink, the corners stay transparent', async () => {
    const p = await product(s, 'sticks-amber-20');
    const { data, info } = await sharp((await webp(`/media/products/${p.id}.webp`)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
    let ink = 0;
    // The label sits at y 384 of 400 (server/routes/shop/product-art.ts), about 346 of 360.
    for (let y = 332; y < 350; y++) for (let x = 0; x < info.width; x++) if (alpha(x, y) > 200) ink++;
    expect(ink).toBeGreaterThan(150);
    expect([alpha(0, 0), alpha(359, 0), alpha(0, 359), alpha(359, 359)]).toEqual([0, 0, 0, 0]);
  });

  it('makes each picture once: two requests at once get the same bytes', async () => {
    const p = await product(s, 'sticks-amber-20');
    const [a, b] = await Promise.all([
      webp(`/media/products/${p.id}.webp?w=720`),
      webp(`/media/products/${p.id}.webp?w=720`),
    ]);
    expect(a.res.headers.get('etag')).toBe(b.res.headers.get('etag'));
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('answers 404 for a width it does not make, an unknown product or a malformed name', async () => {
    const p = await product(s, 'sticks-amber-20');
    for (const path of [
      `/media/products/${p.id}.webp?w=500`,
      `/media/products/${p.id}.webp?w=`,
      `/media/products/${p.id}.svg?w=720`,
      '/media/products/999999.webp',
      '/media/products/1.webp.png',
    ]) {
      const res = await s.app.request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('image_not_found');
    }
  });
});

describe('product drawings at /media/products/<id>.svg (named by catalogues kept before the WebP)', () => {
  it('serves an SVG without the API key, long-cached, with an ETag a reload can revalidate', async () => {
    const p = await product(s, 'ogo-velo-freeze');
    const res = await s.app.request(`/media/products/${p.id}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
    const svg = await res.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('velo');
    expect(svg).toContain('Крижана м’ята');
    const etag = res.headers.get('etag') ?? '';
    const again = await s.app.request(`/media/products/${p.id}.svg`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('gzips a drawing for a client that accepts gzip (half the bytes or less), and not for one that refuses it', async () => {
    const p = await product(s, 'sticks-amber-20');
    const plain = await s.app.request(`/media/products/${p.id}.svg`);
    const svg = await plain.text();
    const zipped = await s.app.request(`/media/products/${p.id}.svg`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(svg.length / 2);
    expect(gunzipSync(bytes).toString('utf8')).toBe(svg);
    const refused = await s.app.request(`/media/products/${p.id}.svg`, {
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(svg);
  });

  it('draws a pack-size badge but not a price one: «300 XP» is printed beside the picture already', async () => {
    const keychain = await (
      await s.app.request(`/media/products/${(await product(s, 'bonus-keychain')).id}.svg`)
    ).text();
    expect(keychain).not.toContain('300 XP');
    expect(keychain).toContain('Брелок');
    const pack = await (await s.app.request(`/media/products/${(await product(s, 'sticks-amber-20')).id}.svg`)).text();
    expect(pack).toContain('20 шт.');
  });

  it('answers 404 for unknown or malformed names', async () => {
    for (const path of [
      '/media/products/999999.svg',
      '/media/products/abc.svg',
      '/media/products/1.png',
      '/media/products/0.svg',
    ]) {
      expect((await s.app.request(path)).status, path).toBe(404);
    }
  });
});
