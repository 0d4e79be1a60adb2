import { describe, expect, it } from 'vitest';
import {
  addProductToCart,
  CartRefusal,
  clearOrderedLines,
  decrementCartLine,
  lineOf,
  removeCartLine,
  setCartLineCount,
} from '../../../src/sync/mutations/shop/cart-change';
import { applyCartOp, revertCartOp, type CartLine } from '../../../src/domain/cart/cart';
import { parseCartMirror, toMirror } from '../../../src/sync/mutations/shop/cart-mirror';
import { CART_DOC, localCart } from '../../../src/sync/mutations/shop/cart-state';
import { getBase } from '../../../src/sync/mutations/shop/metafield-base';
import { mirrorsPuller as cartPuller } from '../../../src/sync/pullers/mirrors';
import { runPuller } from '../../../src/sync/pullers/puller';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness, OGO } from './support/harness';
import { metafieldServer, productRow } from './support/shop-fixtures';

const line = (id: number, count = 1, over: Partial<CartLine> = {}): CartLine => ({
  ...lineOf(productRow(id)),
  count,
  ...over,
});
const counts = (lines: CartLine[]) => lines.map((l) => [l.productId, l.count]);
const mirrorCounts = (value: unknown) => counts(parseCartMirror(String(value)));

describe('cart changes (docs/rules.md#states), pure', () => {
  it('adds one, or one more of the same product: never two lines', () => {
    let c = applyCartOp([], { op: 'add', line: line(1), units: 1 });
    c = applyCartOp(c, { op: 'add', line: line(1), units: 1 });
    c = applyCartOp(c, { op: 'add', line: line(2), units: 3 });
    expect(counts(c)).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(c[0]).toMatchObject({ title: 'Товар 1', image: '/media/products/1.svg', category: 'sticks' });
  });

  it('decrements only while above 1; set count stays within 1..99; remove drops the line', () => {
    const c = [line(1, 2), line(2, 1)];
    expect(counts(applyCartOp(c, { op: 'decrement', variantId: 10 }))).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(counts(applyCartOp(c, { op: 'decrement', variantId: 20 }))).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(counts(applyCartOp(c, { op: 'set', variantId: 20, count: 500 }))).toEqual([
      [1, 2],
      [2, 99],
    ]);
    expect(counts(applyCartOp(c, { op: 'set', variantId: 20, count: 0 }))).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(counts(applyCartOp(c, { op: 'remove', variantId: 10 }))).toEqual([[2, 1]]);
  });

  it('refresh keeps only the asked lines the server returned, with new prices; lines not asked stay', () => {
    const c = [line(1, 2, { price: 100 }), line(2, 1, { price: 50 }), line(3, 4, { price: 70 })];
    const r = applyCartOp(c, { op: 'refresh', asked: [10, 20], fresh: [{ variant_id: 10, price: 120, bonuses: 5 }] });
    expect(r.map((l) => [l.productId, l.count, l.price, l.bonuses])).toEqual([
      [1, 2, 120, 5],
      [3, 4, 70, 0],
    ]);
  });

  it('clear removes only the lines the order took; a line added since stays, and it is taken back whole', () => {
    const before = [line(1, 2), line(2, 1), line(3, 5)];
    const after = applyCartOp(before, { op: 'clear', variantIds: [10, 20] });
    expect(counts(after)).toEqual([[3, 5]]);
    expect(
      counts(revertCartOp(after, { change: { op: 'clear', variantIds: [10, 20] }, before: before.slice(0, 2) })),
    ).toEqual([
      [3, 5],
      [1, 2],
      [2, 1],
    ]);
  });

  it('a change is taken back line by line; the mirror round-trips and bad values are dropped', () => {
    const before = [line(1, 2)];
    const after = applyCartOp(before, { op: 'remove', variantId: 10 });
    expect(revertCartOp(after, { change: { op: 'remove', variantId: 10 }, before })).toEqual(before);
    expect(revertCartOp([line(5, 1)], { change: { op: 'add', line: line(5), units: 1 }, before: [] })).toEqual([]);
    expect(parseCartMirror(toMirror([line(1, 2), line(2, 1)]))).toEqual([line(1, 2), line(2, 1)]);
    expect(
      mirrorCounts(
        '[{"variant_id":10,"id":1,"count":2},{"variant_id":"x","id":2,"count":1},{"variant_id":30,"id":3,"count":0}]',
      ),
    ).toEqual([[1, 2]]);
    expect(parseCartMirror('{oops')).toEqual([]);
  });

  it('the mirror on the wire keeps the names of a cart line (docs/rules.md#entities), every field in its order', () => {
    const l = line(1, 2);
    expect(toMirror([l])).toBe(
      JSON.stringify([
        {
          variant_id: l.variantId,
          id: l.productId,
          count: 2,
          price: l.price,
          bonuses: l.bonuses,
          collectionId: l.collectionId,
          tags: l.tags,
          quantity: l.quantity,
          title: l.title,
          subTitle: l.subTitle,
          image: l.image,
          category: l.category,
        },
      ]),
    );
  });
});

describe('cart domain actions: Dexie + exactly one outbox entry each', () => {
  it('each action writes the local cart and queues one entry; a change that changes nothing queues none', async () => {
    const h = await harness();
    const p = productRow(1);
    await addProductToCart(h.db, GLO, p);
    await addProductToCart(h.db, GLO, p);
    expect(await h.db.cart.count()).toBe(1);
    expect((await h.db.cart.get(['glo', 10]))?.count).toBe(2);
    expect(await h.db.outbox.count()).toBe(2);

    expect(await decrementCartLine(h.db, GLO, 10)).not.toBeNull();
    expect(await h.db.outbox.count()).toBe(3);
    expect(await decrementCartLine(h.db, GLO, 10)).toBeNull(); // count is 1: nothing to do
    expect(await h.db.outbox.count()).toBe(3);

    await setCartLineCount(h.db, GLO, 10, 5);
    expect((await h.db.cart.get(['glo', 10]))?.count).toBe(5);
    await removeCartLine(h.db, GLO, 10);
    expect(await h.db.cart.count()).toBe(0);
    const entries = await h.db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.kind)).toEqual(Array(5).fill('cart-change'));
    expect(entries.map((e) => (e.payload as { change: { op: string } }).change.op)).toEqual([
      'add',
      'add',
      'decrement',
      'set',
      'remove',
    ]);
  });

  it('refuses an out-of-stock product without writing anything; carts of the variants stay apart', async () => {
    const h = await harness();
    await expect(addProductToCart(h.db, GLO, productRow(1, { available: false }))).rejects.toBeInstanceOf(CartRefusal);
    expect(await h.db.outbox.count()).toBe(0);
    await addProductToCart(h.db, OGO, productRow(1, { variant: 'ogo' }), 3);
    expect(await localCart(h.db, 'glo')).toEqual([]);
    expect(counts(await localCart(h.db, 'ogo'))).toEqual([[1, 3]]);
  });
});

describe('cart mirror: pwa/cart metafield through the outbox', () => {
  it('offline changes replay in order, each the server cart plus its own change', async () => {
    const server = metafieldServer();
    const h = await harness({ reply: api(server.handlers) });
    await addProductToCart(h.db, GLO, productRow(1));
    await addProductToCart(h.db, GLO, productRow(2));
    await addProductToCart(h.db, GLO, productRow(1));
    await decrementCartLine(h.db, GLO, 10);
    await addProductToCart(h.db, OGO, productRow(9, { variant: 'ogo' }));
    await h.outbox.replay();
    const sends = h.sends();
    expect(sends.map((s) => [s.body.shopifyId, s.body.key, s.body.type, s.body.ogo ?? false])).toEqual([
      [101, 'cart', 'json', false],
      [101, 'cart', 'json', false],
      [101, 'cart', 'json', false],
      [101, 'cart', 'json', false],
      [202, 'cart', 'json', true],
    ]);
    expect(sends.map((s) => mirrorCounts(s.body.value))).toEqual([
      [[1, 1]],
      [
        [1, 1],
        [2, 1],
      ],
      [
        [1, 2],
        [2, 1],
      ],
      [
        [1, 1],
        [2, 1],
      ],
      [[9, 1]],
    ]);
    expect(mirrorCounts(server.value(101, 'cart'))).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(mirrorCounts((await getBase(h.db, 'glo', CART_DOC))!.value)).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a refused change is undone without dragging the changes queued after it', async () => {
    const refusal: Reply = { status: 422, body: { error: { code: 'too_big', message: 'Кошик завеликий' } } };
    const server = metafieldServer((_b, n) => (n === 2 ? refusal : null));
    const h = await harness({ reply: api(server.handlers) });
    await addProductToCart(h.db, GLO, productRow(1)); // accepted: [1]
    await addProductToCart(h.db, GLO, productRow(2)); // refused
    await addProductToCart(h.db, GLO, productRow(3)); // accepted: [1, 3]
    await addProductToCart(h.db, GLO, productRow(2)); // accepted: [1, 3, 2×1]
    expect(counts(await localCart(h.db, 'glo'))).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    await h.outbox.replay();
    expect(h.sends().map((s) => mirrorCounts(s.body.value))).toEqual([
      [[1, 1]],
      [
        [1, 1],
        [2, 1],
      ],
      [
        [1, 1],
        [3, 1],
      ],
      [
        [1, 1],
        [3, 1],
        [2, 1],
      ],
    ]);
    expect(counts(await localCart(h.db, 'glo')).sort()).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(mirrorCounts(server.value(101, 'cart'))).toEqual([
      [1, 1],
      [3, 1],
      [2, 1],
    ]);
    const failed = await h.db.outbox.where('state').equals('failed').toArray();
    expect(failed).toHaveLength(1);
    expect(failed[0]!.lastError?.message).toBe('Кошик завеликий');
  });

  it('undo before any confirmation takes back only the refused change; «Повторити» redoes it', async () => {
    const refusal: Reply = { status: 422, body: { error: { code: 'nope', message: 'Ні' } } };
    const server = metafieldServer((_b, n) => (n === 1 ? refusal : null));
    const h = await harness({ reply: api(server.handlers) });
    await addProductToCart(h.db, GLO, productRow(1));
    await setCartLineCount(h.db, GLO, 10, 4);
    // Stop after the refusal: the second entry is made to wait.
    await h.db.outbox
      .where('seq')
      .above((await h.db.outbox.orderBy('seq').first())!.seq)
      .modify({ nextAttemptAt: h.clock.t + 60_000 });
    await h.outbox.replay();
    // The add was refused; the set count of that line (still waiting) finds no line to set.
    expect(counts(await localCart(h.db, 'glo'))).toEqual([]);
    const failed = (await h.db.outbox.where('state').equals('failed').first())!;
    expect(await h.outbox.retryFailed(failed.id)).toBe(true);
    expect(counts(await localCart(h.db, 'glo'))).toEqual([[1, 1]]);
  });
});

describe('each cart operation lands on the cart another device changed meanwhile (rebased, not overwritten)', () => {
  // The server's cart moved from [1×2, 2×1] (what this device saw) to [1×5, 2×1, 3×2] (another device).
  const seen = [line(1, 2), line(2, 1)];
  const moved = toMirror([line(1, 5), line(2, 1), line(3, 2)]);
  const cases: Array<[string, (h: Awaited<ReturnType<typeof harness>>) => Promise<unknown>, number[][]]> = [
    [
      'add +2 of line 2 adds to the other device’s count',
      (h) => addProductToCart(h.db, GLO, productRow(2), 2),
      [
        [1, 5],
        [2, 3],
        [3, 2],
      ],
    ],
    [
      'one less of line 1 takes one from its count there',
      (h) => decrementCartLine(h.db, GLO, 10),
      [
        [1, 4],
        [2, 1],
        [3, 2],
      ],
    ],
    [
      'set line 1 to 3 sets it, whatever it was',
      (h) => setCartLineCount(h.db, GLO, 10, 3),
      [
        [1, 3],
        [2, 1],
        [3, 2],
      ],
    ],
    [
      'remove line 2 removes only it',
      (h) => removeCartLine(h.db, GLO, 20),
      [
        [1, 5],
        [3, 2],
      ],
    ],
    [
      'clear the lines an order took keeps the line added meanwhile',
      (h) => clearOrderedLines(h.db, GLO, [10, 20]),
      [[3, 2]],
    ],
  ];
  for (const [name, act, expected] of cases) {
    it(name, async () => {
      const server = metafieldServer();
      server.set(101, 'cart', toMirror(seen));
      const h = await harness({ reply: api(server.handlers) });
      await runPuller(cartPuller, { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true });
      await act(h);
      server.set(101, 'cart', moved);
      await h.outbox.replay();
      expect(mirrorCounts(server.value(101, 'cart'))).toEqual(expected);
      expect(counts(await localCart(h.db, 'glo'))).toEqual(expected);
      expect(server.conflicts.count).toBe(1);
    });
  }
});

describe('cart puller (a cart follows the member to a fresh device)', () => {
  it('writes the mirrored cart, with the changes still waiting on top of it', async () => {
    const server = metafieldServer();
    server.set(101, 'cart', toMirror([line(4, 2), line(5, 1)]));
    const h = await harness({ reply: api(server.handlers) });
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    expect(await runPuller(cartPuller, ctx)).toBe('pulled');
    expect(counts(await localCart(h.db, 'glo'))).toEqual([
      [4, 2],
      [5, 1],
    ]);
    expect((await h.db.cart.get(['glo', 40]))?.title).toBe('Товар 4');
    expect(await localCart(h.db, 'ogo')).toEqual([]);

    h.clock.t += 1000;
    await addProductToCart(h.db, GLO, productRow(6), 1, h.clock.t);
    // Another device took line 5 out and made line 4 nine.
    server.set(101, 'cart', toMirror([line(4, 9)]));
    expect(await runPuller(cartPuller, ctx, true)).toBe('pulled');
    expect(counts(await localCart(h.db, 'glo'))).toEqual([
      [4, 9],
      [6, 1],
    ]);
    await h.outbox.replay();
    // Sent as the server's cart plus this device's own change.
    expect(mirrorCounts(h.sends().at(-1)?.body.value)).toEqual([
      [4, 9],
      [6, 1],
    ]);
  });

  it('two devices offline: lines and counts of both are kept (adds are added, 412 → rebuilt on the new cart)', async () => {
    const server = metafieldServer();
    server.set(101, 'cart', toMirror([line(4, 1)]));
    const reply = api(server.handlers);
    const a = await harness({ reply, name: 'cart-a' });
    const b = await harness({ reply, name: 'cart-b' });
    for (const d of [a, b])
      await runPuller(cartPuller, { db: d.db, transport: d.transport, now: () => d.clock.t, online: () => true });
    await addProductToCart(a.db, GLO, productRow(24));
    await addProductToCart(a.db, GLO, productRow(4), 2);
    await addProductToCart(b.db, GLO, productRow(25));
    await addProductToCart(b.db, GLO, productRow(4), 3);
    await removeCartLine(b.db, GLO, 240); // B never had 24: nothing to remove there, nothing queued
    await Promise.all([a.outbox.replay(), b.outbox.replay()]);
    await a.outbox.replay();
    await b.outbox.replay();
    expect(mirrorCounts(server.value(101, 'cart')).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [4, 6],
      [24, 1],
      [25, 1],
    ]);
    expect(server.conflicts.count).toBeGreaterThan(0);
    for (const d of [a, b]) {
      await runPuller(cartPuller, { db: d.db, transport: d.transport, now: () => d.clock.t, online: () => true }, true);
      expect(counts(await localCart(d.db, 'glo')).sort((x, y) => x[0]! - y[0]!)).toEqual([
        [4, 6],
        [24, 1],
        [25, 1],
      ]);
      expect(await d.db.outbox.count()).toBe(0);
    }
  });

  it('keeps the local cart of an account with no mirror yet, and is skipped offline', async () => {
    const h = await harness({ reply: api(metafieldServer().handlers) });
    await h.db.cart.put({ ...line(7, 3), variant: 'glo', addedAt: 1 });
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => false };
    expect(await runPuller(cartPuller, ctx)).toBe('offline');
    expect(h.seen).toHaveLength(0);
    expect(await runPuller(cartPuller, { ...ctx, online: () => true })).toBe('pulled');
    expect(counts(await localCart(h.db, 'glo'))).toEqual([[7, 3]]);
  });
});
