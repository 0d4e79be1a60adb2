import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueRefunds } from '../../../server/routes/shop/payment-refund';
import { startFakeLiqpay, type FakeLiqpay } from '../../support/fake-liqpay';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { twoInstances } from '../two-instances';
import { attemptOf, attempts, callback, cardOrder, liveEnv, LIVE } from './payment-support';
import { withCatalogue } from './support';

/**
 * Two production instances on one database (a SQLite file, or PostgreSQL with TEST_DATABASE_URL):
 * a refund is sent once whichever of them hears the callback, however often, and the return page's
 * window on status requests is the database's, not one process's.
 */
let one: TestServer;
let two: TestServer;
let close: () => Promise<void>;
let m: TestMember;
let fake: FakeLiqpay;
beforeAll(async () => {
  fake = await startFakeLiqpay(LIVE.publicKey, LIVE.privateKey);
  ({ one, two, close } = await twoInstances(liveEnv(fake)));
  await withCatalogue(one);
  m = await createMember(one, { tags: ['pwa_user', 'age_verified'] });
});
afterAll(async () => {
  await close();
  await fake.close();
});

describe('two instances', () => {
  it('refund a second payment once, with LiqPay’s callback at both and both schedules running', async () => {
    const order = await cardOrder(one, m);
    const first = await attemptOf(one, m, order.id);
    await callback(two, first, 'failure', order.total);
    const second = await attemptOf(two, m, order.id);
    fake.payments.set(second, { status: 'success', amount: order.total });
    await callback(one, second, 'success', order.total);
    fake.payments.set(first, { status: 'success', amount: order.total });
    // While the refund request is on its way, LiqPay's callback comes again at the other instance
    // and at this one, and both schedules run. (One after another: in one test process a SQLite
    // write waiting for the other connection's lock would hold up the event loop both need.)
    const release = fake.holdRefunds();
    const firstAnswer = callback(one, first, 'success', order.total);
    await expect.poll(() => fake.asked('refund').length).toBe(1);
    expect((await callback(two, first, 'success', order.total)).status).toBe(200);
    expect(await runDueRefunds(two.deps)).toBe(0);
    expect(await runDueRefunds(one.deps)).toBe(0);
    expect((await callback(one, first, 'success', order.total)).status).toBe(200);
    expect((await attempts(one, order.id)).map((a) => a.status)).toEqual(['refunding', 'success']);
    release();
    expect((await firstAnswer).status).toBe(200);
    expect(fake.asked('refund')).toHaveLength(1);
    expect((await attempts(one, order.id)).map((a) => a.status)).toEqual(['refunded', 'success']);
    // Later runs find nothing to do.
    one.clock.advance(3_600_000);
    expect(await runDueRefunds(one.deps)).toBe(0);
    expect(await runDueRefunds(two.deps)).toBe(0);
    expect(fake.asked('refund')).toHaveLength(1);
  });

  it('ask LiqPay once in the return page’s window between them', async () => {
    const order = await cardOrder(one, m);
    const id = await attemptOf(one, m, order.id);
    const before = fake.asked('status').length;
    const visits = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? one : two).app.request(`/payments/liqpay/return?payment=${id}`),
    );
    for (const r of await Promise.all(visits))
      expect(r.headers.get('location')).toBe(`/history-order?payment=pending&order=${order.order_number}`);
    expect(fake.asked('status').length - before).toBe(1);
  });
});
