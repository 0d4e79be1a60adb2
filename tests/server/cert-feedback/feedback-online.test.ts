import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';
import { addOrder, feedbackToken, jpegBytes, pngBytes, sendFeedback, webpBytes } from './support';

let s: TestServer, a: TestMember, b: TestMember, aTok: string, bTok: string;
beforeAll(async () => {
  ({ s, a, b } = await serverWithTwoMembers());
  [aTok, bTok] = [await feedbackToken(s, a), await feedbackToken(s, b)];
});
afterAll(() => s.close());

const entriesOf = (memberId: number) =>
  s.deps.db.selectFrom('feedback_entries').selectAll().where('member_id', '=', memberId).execute();
const photoCount = async () => (await s.deps.db.selectFrom('feedback_photos').select('id').execute()).length;

describe('feedback/get-auth', () => {
  it('answers a 24-hour feedback token, and needs a signed-in member', async () => {
    const r = await s.get('/api/feedback/get-auth', {}, a.token);
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.expired_at) - s.clock.now().getTime()).toBe(86_400_000);
    expect((await s.get('/api/feedback/get-auth', {})).status).toBe(401);
  });
});

describe('feedback/can-write-by-order (docs/rules.md#entities showCan, canFeedback)', () => {
  it('lists the member’s delivered orders that have no feedback yet', async () => {
    const m = await createMember(s);
    const tok = await feedbackToken(s, m);
    const delivered = await addOrder(s, m.glo.id);
    await addOrder(s, m.glo.id, { fulfilled: false });
    await addOrder(s, m.glo.id, { financial: 'refunded' });
    const ogoOrder = await addOrder(s, m.ogo.id, { variant: 'ogo' });
    const r = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'glo', token: tok, shopifyId: m.glo.id },
      m.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.showCan).toBe(true);
    expect(r.body.canFeedback.map((o: { id: number }) => o.id)).toEqual([delivered]);
    const velo = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'velo', token: tok, shopifyId: m.ogo.id },
      m.token,
    );
    expect(velo.body.canFeedback.map((o: { id: number }) => o.id)).toEqual([ogoOrder]);

    const sent = await sendFeedback(s, m, {
      query: { shop: 'glo', token: tok },
      fields: { orderId: String(delivered), rating: '4' },
    });
    expect(sent.status).toBe(200);
    const after = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'glo', token: tok, shopifyId: m.glo.id, orders: [delivered] },
      m.token,
    );
    expect(after.body).toEqual({ shop: 'glo', showCan: false, canFeedback: [] });
  });

  it('refuses another member’s record or order (403), unknown orders (404), the wrong shop (422), bad fields (400)', async () => {
    const mine = await addOrder(s, a.glo.id);
    const theirs = await addOrder(s, b.glo.id);
    const foreignRecord = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'glo', token: aTok, shopifyId: b.glo.id },
      a.token,
    );
    expect(foreignRecord.status).toBe(403);
    const foreignOrder = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'glo', token: aTok, shopifyId: a.glo.id, orders: [mine, theirs] },
      a.token,
    );
    expect(foreignOrder.status).toBe(403);
    const unknown = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'glo', token: aTok, shopifyId: a.glo.id, orders: [9_999_999] },
      a.token,
    );
    expect(unknown.status).toBe(404);
    const wrongShop = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'ogo', token: aTok, shopifyId: a.glo.id },
      a.token,
    );
    expect(wrongShop.status).toBe(422);
    for (const body of [
      { shop: 'iqos', token: aTok, shopifyId: a.glo.id },
      { shop: 'glo', token: aTok },
      { shop: 'glo', token: aTok, shopifyId: a.glo.id, orders: ['1'] },
    ]) {
      expect((await s.post('/api/feedback/can-write-by-order', body, a.token)).status).toBe(400);
    }
  });

  it('answers 401 feedback_unauthenticated for a dead or foreign feedback token (docs/rules.md#error-reactions)', async () => {
    const foreign = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'glo', token: bTok, shopifyId: a.glo.id },
      a.token,
    );
    expect(foreign.status).toBe(401);
    expect(foreign.body.error.code).toBe('feedback_unauthenticated');
    const dead = await s.post(
      '/api/feedback/can-write-by-order',
      { shop: 'glo', token: 'gone', shopifyId: a.glo.id },
      a.token,
    );
    expect(dead.body.error.code).toBe('feedback_unauthenticated');
  });
});

describe('feedback/send (multipart with photos)', () => {
  it('stores the feedback with its photos and serves them back to the owner only', async () => {
    const order = await addOrder(s, a.glo.id);
    const photos = [jpegBytes(), pngBytes(), webpBytes()];
    const r = await sendFeedback(s, a, {
      query: { shop: 'glo', token: aTok },
      fields: { orderId: String(order), rating: '5', text: '  Усе чудово  ' },
      // The declared type lies on purpose: the bytes decide.
      files: photos.map((bytes, i) => ({ bytes, name: `photo-${i}.bin`, type: 'application/octet-stream' })),
    });
    expect(r.status).toBe(200);
    expect(r.body.feedback).toMatchObject({
      kind: 'online',
      shop: 'glo',
      orderId: order,
      rating: 5,
      text: 'Усе чудово',
    });
    // Which order, in the member's words: its № and date, and the variant it belongs to.
    const placed = await s.deps.db
      .selectFrom('orders')
      .select(['order_number', 'created_at'])
      .where('id', '=', order)
      .executeTakeFirstOrThrow();
    expect(r.body.feedback).toMatchObject({
      variant: 'glo',
      orderNumber: placed.order_number,
      boughtAt: placed.created_at,
      store: null,
    });
    expect(r.body.feedback.photos.map((p: { mime: string }) => p.mime)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);

    for (const [i, p] of (r.body.feedback.photos as Array<{ id: number }>).entries()) {
      const got = await s.get('/api/feedback/get-photo', { id: String(p.id) }, a.token);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.body.data, 'base64').equals(Buffer.from(photos[i] ?? []))).toBe(true);
    }
    const firstPhoto = String(r.body.feedback.photos[0].id);
    const stolen = await s.get('/api/feedback/get-photo', { id: firstPhoto }, b.token);
    expect(stolen.status).toBe(403);
    expect((await s.get('/api/feedback/get-photo', { id: '99999999' }, a.token)).status).toBe(404);
    expect((await s.get('/api/feedback/get-photo', { id: 'x' }, a.token)).status).toBe(400);

    const list = await s.post('/api/feedback/get-list', { token: aTok }, a.token);
    expect(list.body.feedback.map((f: { orderId: number }) => f.orderId)).toContain(order);
    const bList = await s.post('/api/feedback/get-list', { token: bTok }, b.token);
    expect(bList.body.feedback).toEqual([]);
  });

  it('also takes shop and token as form fields (the app’s transport sends no query on POST)', async () => {
    const order = await addOrder(s, a.ogo.id, { variant: 'ogo' });
    const r = await sendFeedback(s, a, {
      query: {},
      fields: { orderId: String(order), rating: '2', shop: 'velo', token: aTok },
    });
    expect(r.status).toBe(200);
    expect(r.body.feedback).toMatchObject({ shop: 'velo', orderId: order, rating: 2, variant: 'ogo' });
    const noToken = await sendFeedback(s, a, {
      query: { shop: 'ogo' },
      fields: { orderId: String(order), rating: '2' },
    });
    expect(noToken.status).toBe(401);
    expect(noToken.body.error.code).toBe('feedback_unauthenticated');
  });

  it('refuses a second feedback on the same order with 409', async () => {
    const order = await addOrder(s, a.glo.id);
    const send = () =>
      sendFeedback(s, a, { query: { shop: 'glo', token: aTok }, fields: { orderId: String(order), rating: '3' } });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('feedback_exists');
    // Sent twice at once (two tabs): one wins, the other is told it already exists.
    const raced = String(await addOrder(s, b.glo.id));
    const both = await Promise.all(
      [1, 2].map(() =>
        sendFeedback(s, b, { query: { shop: 'glo', token: bTok }, fields: { orderId: raced, rating: '3' } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await entriesOf(b.id)).filter((e) => e.order_id === Number(raced))).toHaveLength(1);
  });

  it('refuses a file that is not an image, and stores nothing', async () => {
    const order = await addOrder(s, a.glo.id);
    const before = await photoCount();
    const fake = new TextEncoder().encode('<html>not a photo at all</html>');
    const r = await sendFeedback(s, a, {
      query: { shop: 'glo', token: aTok },
      fields: { orderId: String(order), rating: '5' },
      files: [
        { bytes: jpegBytes(), name: 'ok.jpg' },
        { bytes: fake, name: 'evil.jpg', type: 'image/jpeg' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('photo_not_image');
    expect(await photoCount()).toBe(before);
    expect((await entriesOf(a.id)).some((e) => e.order_id === order)).toBe(false);
  });

  it('refuses more than 5 photos (400) and a photo over 5 MB (413)', async () => {
    const order = await addOrder(s, a.glo.id);
    const six = await sendFeedback(s, a, {
      query: { shop: 'glo', token: aTok },
      fields: { orderId: String(order), rating: '5' },
      files: Array.from({ length: 6 }, (_, i) => ({ bytes: pngBytes(), name: `${i}.png` })),
    });
    expect(six.status).toBe(400);
    expect(six.body.error.code).toBe('too_many_photos');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(jpegBytes().slice(0, 4));
    const huge = await sendFeedback(s, a, {
      query: { shop: 'glo', token: aTok },
      fields: { orderId: String(order), rating: '5' },
      files: [{ bytes: big, name: 'big.jpg' }],
    });
    expect(huge.status).toBe(413);
    const five = await sendFeedback(s, a, {
      query: { shop: 'glo', token: aTok },
      fields: { orderId: String(order), rating: '5' },
      files: Array.from({ length: 5 }, (_, i) => ({ bytes: pngBytes(), name: `${i}.png` })),
    });
    expect(five.status).toBe(200);
    expect(five.body.feedback.photos).toHaveLength(5);
  });

  it('refuses bad fields with 400: rating outside 1-5, text too long, bad order id, unknown shop', async () => {
    const order = String(await addOrder(s, a.glo.id));
    for (const [query, fields] of [
      [
        { shop: 'glo', token: aTok },
        { orderId: order, rating: '0' },
      ],
      [
        { shop: 'glo', token: aTok },
        { orderId: order, rating: '6' },
      ],
      [
        { shop: 'glo', token: aTok },
        { orderId: order, rating: '4', text: 'x'.repeat(2001) },
      ],
      [
        { shop: 'glo', token: aTok },
        { orderId: 'abc', rating: '4' },
      ],
      [{ shop: 'glo', token: aTok }, { rating: '4' }],
      [
        { shop: 'marlboro', token: aTok },
        { orderId: order, rating: '4' },
      ],
    ] as const) {
      const r = await sendFeedback(s, a, { query, fields });
      expect(r.status).toBe(400);
    }
    const json = await s.post(`/api/feedback/send?shop=glo&token=${aTok}`, { orderId: order, rating: '4' }, a.token);
    expect(json.status).toBe(400);
    expect((await entriesOf(a.id)).some((e) => e.order_id === Number(order))).toBe(false);
  });

  it('refuses another member’s order (403), an unknown one (404), an undelivered one (422), a dead token (401)', async () => {
    const theirs = await addOrder(s, b.glo.id);
    const q = { shop: 'glo', token: aTok };
    expect((await sendFeedback(s, a, { query: q, fields: { orderId: String(theirs), rating: '1' } })).status).toBe(403);
    expect((await sendFeedback(s, a, { query: q, fields: { orderId: '88888888', rating: '1' } })).status).toBe(404);
    const pending = await addOrder(s, a.glo.id, { fulfilled: false });
    const early = await sendFeedback(s, a, { query: q, fields: { orderId: String(pending), rating: '1' } });
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('order_not_delivered');
    const wrongShop = await sendFeedback(s, a, {
      query: { shop: 'ogo', token: aTok },
      fields: { orderId: String(await addOrder(s, a.glo.id)), rating: '1' },
    });
    expect(wrongShop.status).toBe(422);
    const foreignToken = await sendFeedback(s, a, {
      query: { shop: 'glo', token: bTok },
      fields: { orderId: String(pending), rating: '1' },
    });
    expect(foreignToken.status).toBe(401);
    expect(foreignToken.body.error.code).toBe('feedback_unauthenticated');
    expect(await entriesOf(b.id).then((r) => r.filter((e) => e.order_id === theirs))).toHaveLength(0);
  });

  it('stores one feedback per Idempotency-Key replay', async () => {
    const order = String(await addOrder(s, a.glo.id));
    const key = randomUUID();
    const opts = {
      query: { shop: 'glo', token: aTok },
      fields: { orderId: order, rating: '5' },
      files: [{ bytes: pngBytes(), name: 'p.png' }],
      idem: key,
    };
    const first = await sendFeedback(s, a, opts);
    const again = await sendFeedback(s, a, opts);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});
