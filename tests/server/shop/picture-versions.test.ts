import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../../support/server';
import { product, withCatalogue } from './support';

// A product picture's ETag names its drawing: two servers (instances) give one picture one ETag,
// a revalidation is answered without making the picture, and a drawing changed in the database,
// however, gets a new ETag and new bytes at once.

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await Promise.all([makeTestServer(), makeTestServer()]);
  await Promise.all([withCatalogue(a), withCatalogue(b)]);
});
afterAll(() => Promise.all([a.close(), b.close()]));

const made = async (s: TestServer) => {
  const text = await (await s.app.request('/metrics')).text();
  return Number(
    text
      .split('\n')
      .find((l) => l.startsWith('club_picture_renders_total{outcome="made"} '))
      ?.split(' ')[1] ?? 0,
  );
};
const get = async (s: TestServer, path: string, etag?: string) => {
  const res = await s.app.request(path, etag ? { headers: { 'if-none-match': etag } } : {});
  return { status: res.status, etag: res.headers.get('etag'), bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('product pictures across instances and changes', () => {
  it('one ETag on every instance; a revalidation makes nothing; the same bytes when made', async () => {
    const p = await product(a, 'sticks-amber-20');
    const path = `/media/products/${p.id}.webp?w=720`;
    const first = await get(a, path);
    expect(first.status).toBe(200);
    expect(await made(a)).toBe(1);
    const revalidated = await get(b, path, first.etag!);
    expect(revalidated.status).toBe(304);
    expect(revalidated.etag).toBe(first.etag);
    expect(await made(b)).toBe(0);
    const there = await get(b, path);
    expect(await made(b)).toBe(1);
    expect(there.etag).toBe(first.etag);
    expect(there.bytes.equals(first.bytes)).toBe(true);
  });

  it('a drawing changed in the database (its updated_at left as it was) gives a new ETag and new bytes', async () => {
    const p = await product(a, 'sticks-amber-20');
    const path = `/media/products/${p.id}.webp`;
    const before = await get(a, path);
    const svgBefore = await get(a, `/media/products/${p.id}.svg`);
    const row = await a.deps.db.selectFrom('products').select('art').where('id', '=', p.id).executeTakeFirstOrThrow();
    const art = { ...JSON.parse(row.art), color: '#0a7d3b', label: 'Нова назва' };
    await a.deps.db
      .updateTable('products')
      .set({ art: JSON.stringify(art) })
      .where('id', '=', p.id)
      .execute();
    const after = await get(a, path, before.etag!);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(after.bytes.equals(before.bytes)).toBe(false);
    expect(await sharp(after.bytes).metadata()).toMatchObject({ format: 'webp', width: 360 });
    const svgAfter = await get(a, `/media/products/${p.id}.svg`, svgBefore.etag!);
    expect(svgAfter.status).toBe(200);
    expect(svgAfter.bytes.toString()).toContain('Нова назва');
  });
});
