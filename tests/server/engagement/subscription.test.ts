import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DELIVERY_DAYS } from '../../../src/domain/programme/subscription-rules';
import { DEMO_PLANS } from '../../../server/seed/engagement';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { HUGE_ID, engagementServer, verifiedMember } from './support';

const DAY = 86_400_000;

interface Plan {
  id: number;
  variant: 'glo' | 'ogo';
  title: string;
  price: number;
  packs: number;
  intervalDays: number;
  xpBonus: number;
}

let s: TestServer;
let a: TestMember;
let b: TestMember;
let gloPlans: Plan[];
let ogoPlans: Plan[];
beforeAll(async () => {
  s = await engagementServer();
  a = await verifiedMember(s);
  b = await verifiedMember(s);
  gloPlans = (await s.get('/api/subscription/get-plans', {}, a.token)).body.plans;
  ogoPlans = (await s.get('/api/subscription/get-plans', { ogo: 'true' }, a.token)).body.plans;
});
afterAll(() => s.close());

const plan = (i: number): Plan => {
  const p = gloPlans[i];
  if (!p) throw new Error(`no plan ${i}`);
  return p;
};
const later = (days: number) => new Date(s.clock.now().getTime() + days * DAY).toISOString();
const call = (path: string, m: TestMember, body: unknown, idem?: string) =>
  s.call('POST', `/api/subscription/${path}`, { body, token: m.token, idem });
const state = async (m: TestMember, ogo = false) =>
  (await s.get('/api/subscription/get-state', ogo ? { ogo: 'true' } : {}, m.token)).body;
const eventsOf = (subscriptionId: number) =>
  s.deps.db
    .selectFrom('subscription_events')
    .select('kind')
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute()
    .then((r) => r.map((e) => e.kind));

describe('subscription/get-plans and get-state', () => {
  it('answers the variant’s offered plans in order, prices in UAH; retired plans are not offered', async () => {
    const offered = (variant: 'glo' | 'ogo') =>
      DEMO_PLANS.filter((p) => p.variant === variant && p.active === 1).sort((x, y) => x.sort - y.sort);
    expect(gloPlans.map((p) => p.title)).toEqual(offered('glo').map((p) => p.title));
    expect(gloPlans.map((p) => p.price)).toEqual(offered('glo').map((p) => p.price / 100));
    expect(ogoPlans.map((p) => p.title)).toEqual(offered('ogo').map((p) => p.title));
    expect(new Set(ogoPlans.map((p) => p.variant))).toEqual(new Set(['ogo']));
  });

  it('answers no subscription yet, and whether the member may subscribe (age verified, docs/rules.md#validation)', async () => {
    expect(await state(a)).toEqual({ subscription: null, ageVerified: true });
    const plain = await createMember(s);
    expect(await state(plain)).toEqual({ subscription: null, ageVerified: false });
  });

  it('answers 400 naming ogo for a bad flag', async () => {
    for (const path of ['get-plans', 'get-state', 'get-history']) {
      const r = await s.get(`/api/subscription/${path}`, { ogo: 'ja' }, a.token);
      expect(r.status, path).toBe(400);
      expect(r.body.error.message).toContain('«ogo»');
    }
  });
});

describe('subscription lifecycle: subscribe, pause, resume, cancel', () => {
  it('walks the whole life of a subscription and refuses each illegal step with 422', async () => {
    const p = plan(0);
    const sub = await call('subscribe', a, { planId: p.id });
    expect(sub.status).toBe(200);
    const id: number = sub.body.subscription.id;
    expect(sub.body.subscription).toMatchObject({
      planId: p.id,
      planTitle: p.title,
      status: 'active',
      price: p.price,
      packs: p.packs,
      intervalDays: p.intervalDays,
      xpBonus: p.xpBonus,
      startedAt: s.clock.now().toISOString(),
      nextDeliveryAt: later(FIRST_DELIVERY_DAYS),
      pausedUntil: null,
      cancelledAt: null,
      deliveredCount: 0,
      xpEarned: 0,
    });
    expect((await state(a)).subscription).toEqual(sub.body.subscription);

    const twice = await call('subscribe', a, { planId: plan(1).id });
    expect(twice.status).toBe(422);
    expect(twice.body.error.code).toBe('subscription_exists');
    const notPaused = await call('resume', a, { subscriptionId: id });
    expect(notPaused.status).toBe(422);
    expect(notPaused.body.error.code).toBe('subscription_not_paused');

    const paused = await call('pause', a, { subscriptionId: id, weeks: 3 });
    expect(paused.status).toBe(200);
    expect(paused.body.subscription).toMatchObject({
      status: 'paused',
      pausedUntil: later(21),
      nextDeliveryAt: later(21),
    });
    const pausedAgain = await call('pause', a, { subscriptionId: id, weeks: 1 });
    expect(pausedAgain.status).toBe(422);
    expect(pausedAgain.body.error.code).toBe('subscription_not_active');

    s.clock.advance(DAY);
    const resumed = await call('resume', a, { subscriptionId: id });
    expect(resumed.body.subscription).toMatchObject({
      status: 'active',
      pausedUntil: null,
      nextDeliveryAt: later(FIRST_DELIVERY_DAYS),
    });

    const cancelled = await call('cancel', a, { subscriptionId: id, reason: '  Їду у відпустку  ' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({
      status: 'cancelled',
      nextDeliveryAt: null,
      pausedUntil: null,
      cancelledAt: s.clock.now().toISOString(),
    });
    for (const [path, body] of [
      ['cancel', { subscriptionId: id }],
      ['pause', { subscriptionId: id, weeks: 1 }],
      ['resume', { subscriptionId: id }],
    ] as const) {
      const r = await call(path, a, body);
      expect(r.status, path).toBe(422);
      expect(r.body.error.code).toBe('subscription_cancelled');
    }
    expect(await eventsOf(id)).toEqual(['subscribed', 'paused', 'resumed', 'cancelled']);
    const row = await s.deps.db
      .selectFrom('subscriptions')
      .select(['cancel_reason', 'current_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cancel_reason: 'Їду у відпустку', current_key: null });

    // Cancelled is not current: the record may subscribe anew.
    expect((await state(a)).subscription).toBeNull();
    const fresh = await call('subscribe', a, { planId: plan(1).id });
    expect(fresh.status).toBe(200);
    expect(fresh.body.subscription.id).not.toBe(id);
  });

  it('ends a pause by itself when its time is up, and records that', async () => {
    const m = await verifiedMember(s);
    const { id } = (await call('subscribe', m, { planId: plan(0).id })).body.subscription;
    await call('pause', m, { subscriptionId: id, weeks: 1 });
    const pauseEnd = later(7);
    s.clock.advance(8 * DAY);
    const now = (await state(m)).subscription;
    expect(now).toMatchObject({ status: 'active', pausedUntil: null, nextDeliveryAt: pauseEnd });
    expect(await eventsOf(id)).toEqual(['subscribed', 'paused', 'resumed']);
    const history = (await s.get('/api/subscription/get-history', {}, m.token)).body;
    expect(history.events[0]).toMatchObject({
      kind: 'resumed',
      date: pauseEnd,
      text: 'Підписку відновлено: Пауза завершилась',
    });
    // Reading twice records the end once.
    await state(m);
    expect(await eventsOf(id)).toEqual(['subscribed', 'paused', 'resumed']);
    // Paused again after the automatic end: allowed, since it is active.
    expect((await call('pause', m, { subscriptionId: id, weeks: 2 })).status).toBe(200);
  });

  it('keeps one subscription per record of each variant: glo and ogo are separate', async () => {
    const m = await verifiedMember(s);
    const glo = await call('subscribe', m, { planId: plan(0).id });
    const ogoPlan = ogoPlans[0];
    const ogo = await call('subscribe', m, { planId: ogoPlan?.id, ogo: true });
    expect([glo.status, ogo.status]).toEqual([200, 200]);
    expect((await state(m, true)).subscription.id).toBe(ogo.body.subscription.id);
    expect((await state(m)).subscription.id).toBe(glo.body.subscription.id);
    // A glo plan is not an ogo one, and the reverse.
    const crossed = await call('subscribe', await verifiedMember(s), { planId: plan(0).id, ogo: true });
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.code).toBe('plan_not_found');
  });
});

describe('subscription: replays and races', () => {
  it('replays every change under the same Idempotency-Key with the stored answer, applying it once', async () => {
    const m = await verifiedMember(s);
    const key = randomUUID();
    const first = await call('subscribe', m, { planId: plan(0).id }, key);
    const again = await call('subscribe', m, { planId: plan(0).id }, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const id: number = first.body.subscription.id;
    for (const [path, body] of [
      ['pause', { subscriptionId: id, weeks: 2 }],
      ['resume', { subscriptionId: id }],
      ['cancel', { subscriptionId: id }],
    ] as const) {
      const k = randomUUID();
      const one = await call(path, m, body, k);
      const two = await call(path, m, body, k);
      expect(one.status, path).toBe(200);
      expect(two.body, path).toEqual(one.body);
    }
    expect(await eventsOf(id)).toEqual(['subscribed', 'paused', 'resumed', 'cancelled']);
    const rows = await s.deps.db.selectFrom('subscriptions').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets one of two subscribes at once win; the other is told 422, never 500', async () => {
    const m = await verifiedMember(s);
    const both = await Promise.all([plan(0), plan(1), plan(2)].map((p) => call('subscribe', m, { planId: p.id })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    const rows = await s.deps.db.selectFrom('subscriptions').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('applies one of two pauses at once; the other is refused with 409 or 422, never 500', async () => {
    const m = await verifiedMember(s);
    const { id } = (await call('subscribe', m, { planId: plan(0).id })).body.subscription;
    const both = await Promise.all([1, 2, 3].map((weeks) => call('pause', m, { subscriptionId: id, weeks })));
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of both.filter((x) => x.status !== 200)) expect([409, 422]).toContain(r.status);
    expect(await eventsOf(id)).toEqual(['subscribed', 'paused']);
  });
});

describe('subscription: access and bad input', () => {
  it('never lets a member see or change another member’s subscription', async () => {
    const { id } = (await call('subscribe', b, { planId: plan(0).id })).body.subscription;
    for (const [path, body] of [
      ['pause', { subscriptionId: id, weeks: 1 }],
      ['resume', { subscriptionId: id }],
      ['cancel', { subscriptionId: id }],
    ] as const) {
      const other = await verifiedMember(s);
      const r = await call(path, other, body);
      expect(r.status, path).toBe(403);
      expect(r.body.error.code).toBe('not_owner');
      expect((await state(other)).subscription).toBeNull();
      expect((await s.get('/api/subscription/get-history', {}, other.token)).body).toEqual({
        deliveries: [],
        events: [],
      });
    }
    expect((await state(b)).subscription).toMatchObject({ id, status: 'active' });
    expect(await eventsOf(id)).toEqual(['subscribed']);
  });

  it('does not even settle another member’s ended pause when that member pokes it', async () => {
    const owner = await verifiedMember(s);
    const { id } = (await call('subscribe', owner, { planId: plan(0).id })).body.subscription;
    await call('pause', owner, { subscriptionId: id, weeks: 1 });
    s.clock.advance(8 * DAY);
    const stranger = await verifiedMember(s);
    expect((await call('cancel', stranger, { subscriptionId: id })).status).toBe(403);
    expect(await eventsOf(id)).toEqual(['subscribed', 'paused']);
    expect((await state(owner)).subscription.status).toBe('active');
  });

  it('refuses a member whose age is not verified (403 age_not_verified), and unknown plans or subscriptions (404)', async () => {
    const plain = await createMember(s);
    const r = await call('subscribe', plain, { planId: plan(0).id });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('age_not_verified');
    const retired = await s.deps.db
      .selectFrom('subscription_plans')
      .select('id')
      .where('active', '=', 0)
      .executeTakeFirstOrThrow();
    for (const planId of [retired.id, 99_999_999]) {
      const gone = await call('subscribe', a, { planId });
      expect(gone.status).toBe(404);
      expect(gone.body.error.code).toBe('plan_not_found');
    }
    const unknown = await call('pause', a, { subscriptionId: 99_999_999, weeks: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('subscription_not_found');
  });

  it('answers 400 naming the field for bad input, and bad_json for broken JSON', async () => {
    for (const [path, body, field] of [
      ['subscribe', {}, 'planId'],
      ['subscribe', { planId: '1' }, 'planId'],
      ['subscribe', { planId: HUGE_ID }, 'planId'],
      ['subscribe', { planId: 1, ogo: 'true' }, 'ogo'],
      ['pause', { subscriptionId: 1 }, 'weeks'],
      ['pause', { subscriptionId: 1, weeks: 0 }, 'weeks'],
      ['pause', { subscriptionId: 1, weeks: 9 }, 'weeks'],
      ['pause', { subscriptionId: 1, weeks: 1.5 }, 'weeks'],
      ['pause', { subscriptionId: HUGE_ID, weeks: 1 }, 'subscriptionId'],
      ['resume', { subscriptionId: -4 }, 'subscriptionId'],
      ['resume', {}, 'subscriptionId'],
      ['cancel', { subscriptionId: HUGE_ID }, 'subscriptionId'],
      ['cancel', { subscriptionId: 1, reason: 'x'.repeat(501) }, 'reason'],
      ['cancel', { subscriptionId: 1, reason: 5 }, 'reason'],
    ] as const) {
      const r = await call(path, a, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    for (const path of ['subscribe', 'pause', 'resume', 'cancel']) {
      const broken = await s.post(`/api/subscription/${path}`, '{"subscriptionId":', a.token);
      expect(broken.status, path).toBe(400);
      expect(broken.body.error.code).toBe('bad_json');
    }
  });
});

describe('subscription/get-history (route /subscription/history)', () => {
  it('lists the record’s events newest first with their lines, and the scheduled box', async () => {
    const m = await verifiedMember(s);
    const p = plan(1);
    const { id } = (await call('subscribe', m, { planId: p.id })).body.subscription;
    s.clock.advance(60_000);
    await call('pause', m, { subscriptionId: id, weeks: 2 });
    const h = (await s.get('/api/subscription/get-history', {}, m.token)).body;
    expect(h.events.map((e: { kind: string; text: string }) => [e.kind, e.text])).toEqual([
      ['paused', 'Підписку призупинено: На 2 тиж.'],
      ['subscribed', `Оформлено підписку «${p.title}»`],
    ]);
    expect(h.deliveries).toEqual([
      {
        id: expect.any(Number),
        subscriptionId: id,
        planTitle: p.title,
        date: later(14),
        status: 'scheduled',
        packs: p.packs,
        amount: p.price,
        xp: 0,
      },
    ]);
    expect((await s.get('/api/subscription/get-history', { ogo: 'true' }, m.token)).body).toEqual({
      deliveries: [],
      events: [],
    });
  });
});
