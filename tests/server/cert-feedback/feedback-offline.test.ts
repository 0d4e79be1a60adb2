import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';
import { feedbackToken } from './support';

let s: TestServer, a: TestMember, b: TestMember, aTok: string, bTok: string;
beforeAll(async () => {
  ({ s, a, b } = await serverWithTwoMembers());
  [aTok, bTok] = [await feedbackToken(s, a), await feedbackToken(s, b)];
});
afterAll(() => s.close());

const offline = (m: TestMember, token: string) => s.post('/api/feedback/get-offline-orders', { token }, m.token);
const importNow = (m: TestMember, token: string) =>
  s.post('/api/feedback/import-orders-in-background', { token }, m.token);

describe('feedback/import-orders-in-background and get-offline-orders', () => {
  it('imports the member’s in-store purchases once; a repeat adds nothing', async () => {
    expect((await offline(a, aTok)).body).toEqual({ showCan: false, orders: [] });
    const first = await importNow(a, aTok);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'done', imported: 3 });
    expect((await importNow(a, aTok)).body.imported).toBe(0);
    // The app asks again a day later (docs/rules.md#constants background import flag, 24 h), with a new token.
    s.clock.advance(86_400_000);
    aTok = await feedbackToken(s, a);
    bTok = await feedbackToken(s, b);
    expect((await importNow(a, aTok)).body.imported).toBe(0);

    const r = await offline(a, aTok);
    expect(r.status).toBe(200);
    expect(r.body.showCan).toBe(true);
    expect(r.body.orders).toHaveLength(3);
    // Each purchase says whose store it was: two glo studios and one ogo store (each variant offers its own).
    expect(r.body.orders.map((o: { variant: string }) => o.variant)).toEqual(['glo', 'ogo', 'glo']);
    expect(r.body.orders[1].store).toContain('ogo');
    const [newest, older] = r.body.orders;
    expect(newest.date > older.date).toBe(true);
    expect(newest).toMatchObject({ canFeedback: true, feedbackId: null });
    expect(newest.store).toContain('glo');
    expect(newest.total).toBe(
      newest.items.reduce((sum: number, i: { price: number; quantity: number }) => sum + i.price * i.quantity, 0),
    );
    // Member B sees none of A's purchases.
    expect((await offline(b, bTok)).body.orders).toEqual([]);
  });

  it('refuses a dead or foreign feedback token with 401 feedback_unauthenticated, and a missing one with 400', async () => {
    for (const r of [await offline(a, bTok), await importNow(a, 'dead'), await offline(a, 'dead')]) {
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('feedback_unauthenticated');
    }
    expect((await s.post('/api/feedback/get-offline-orders', {}, a.token)).status).toBe(400);
    expect((await s.post('/api/feedback/import-orders-in-background', { token: aTok })).status).toBe(401);
  });
});

describe('feedback/send-offline', () => {
  it('stores feedback on an own in-store purchase; a second one is 409', async () => {
    const orders = (await offline(a, aTok)).body.orders as Array<{ id: number }>;
    const target = orders[0]?.id ?? 0;
    const r = await s.post(
      '/api/feedback/send-offline',
      { purchaseId: target, rating: 4, text: 'Привітний консультант', phone: '+38 (050) 123-45-67', token: aTok },
      a.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.feedback).toMatchObject({
      kind: 'offline',
      shop: 'offline',
      offlinePurchaseId: target,
      orderId: null,
      rating: 4,
      photos: [],
    });
    // What was rated, for «Мої відгуки»: the store and the purchase's date, and its variant.
    const bought = (orders as Array<{ id: number; store: string; date: string; variant: string }>)[0];
    expect(r.body.feedback).toMatchObject({
      variant: bought?.variant,
      store: bought?.store,
      boughtAt: bought?.date,
      orderNumber: null,
    });
    const row = await s.deps.db
      .selectFrom('feedback_entries')
      .selectAll()
      .where('id', '=', r.body.feedback.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('380501234567');
    const again = await s.post(
      '/api/feedback/send-offline',
      { purchaseId: target, rating: 5, phone: '0501234567', token: aTok },
      a.token,
    );
    expect(again.status).toBe(409);

    const list = (await offline(a, aTok)).body;
    const reviewed = list.orders.find((o: { id: number }) => o.id === target);
    expect(reviewed).toMatchObject({ canFeedback: false, feedbackId: r.body.feedback.id });
    expect(list.showCan).toBe(true);
    for (const other of orders.slice(1)) {
      await s.post(
        '/api/feedback/send-offline',
        { purchaseId: other.id, rating: 5, phone: '0501234567', token: aTok },
        a.token,
      );
    }
    expect((await offline(a, aTok)).body.showCan).toBe(false);
  });

  it('refuses another member’s purchase (403) and an unknown one (404)', async () => {
    await importNow(b, bTok);
    const bOrders = (await offline(b, bTok)).body.orders as Array<{ id: number }>;
    const theirs = bOrders[0]?.id ?? 0;
    const r = await s.post(
      '/api/feedback/send-offline',
      { purchaseId: theirs, rating: 1, phone: '0501234567', token: aTok },
      a.token,
    );
    expect(r.status).toBe(403);
    expect(
      (
        await s.post(
          '/api/feedback/send-offline',
          { purchaseId: 777_777, rating: 1, phone: '0501234567', token: aTok },
          a.token,
        )
      ).status,
    ).toBe(404);
    const withAToken = await s.post(
      '/api/feedback/send-offline',
      { purchaseId: theirs, rating: 1, phone: '0501234567', token: aTok },
      b.token,
    );
    expect(withAToken.status).toBe(401);
    expect((await offline(b, bTok)).body.orders.every((o: { canFeedback: boolean }) => o.canFeedback)).toBe(true);
  });

  it('refuses bad fields with 400 and stores nothing', async () => {
    const m = await createMember(s);
    const tok = await feedbackToken(s, m);
    await importNow(m, tok);
    const id = ((await offline(m, tok)).body.orders[0] as { id: number }).id;
    for (const body of [
      { purchaseId: id, rating: 0, phone: '0501234567', token: tok },
      { purchaseId: id, rating: 6, phone: '0501234567', token: tok },
      { purchaseId: id, rating: 4.5, phone: '0501234567', token: tok },
      { purchaseId: id, rating: 4, phone: '12345', token: tok },
      { purchaseId: id, rating: 4, phone: '0441234567890', token: tok },
      { purchaseId: id, rating: 4, phone: '0501234567', text: 'я'.repeat(2001), token: tok },
      { purchaseId: String(id), rating: 4, phone: '0501234567', token: tok },
    ]) {
      expect((await s.post('/api/feedback/send-offline', body, m.token)).status).toBe(400);
    }
    expect(
      await s.deps.db.selectFrom('feedback_entries').selectAll().where('member_id', '=', m.id).execute(),
    ).toHaveLength(0);
  });
});
