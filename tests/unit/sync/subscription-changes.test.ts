import { describe, expect, it } from 'vitest';
import { completeSignIn } from '../../../src/sync/auth/actions';
import {
  cancelSubscription,
  pauseSubscription,
  pullSubscription,
  resumeSubscription,
  subscribeTo,
} from '../../../src/sync/programme/subscription';
import { SUB_DOCS } from '../../../src/sync/programme/keys';
import type { SubState } from '../../../src/sync/pullers/programmes-subscription';
import { DEMO, authHarness, signedIn } from './support/auth-env';

const plan = {
  id: 3,
  variant: 'glo' as const,
  title: 'Стартовий',
  description: '5 пачок',
  price: 475,
  packs: 5,
  intervalDays: 14,
  xpBonus: 25,
};
const sub = (over: Record<string, unknown> = {}) => ({
  id: 8,
  planId: 3,
  planTitle: 'Стартовий',
  status: 'active',
  price: 475,
  packs: 5,
  intervalDays: 14,
  xpBonus: 25,
  startedAt: '2026-02-01T10:00:00.000Z',
  nextDeliveryAt: '2026-03-03T10:00:00.000Z',
  pausedUntil: null,
  cancelledAt: null,
  deliveredCount: 2,
  xpEarned: 50,
  ...over,
});

async function server(
  opts: {
    current?: Record<string, unknown> | null;
    ageVerified?: boolean;
    pause?: () => { status: number; body: unknown };
  } = {},
) {
  let state: Record<string, unknown> | null = opts.current === undefined ? sub() : opts.current;
  const h = authHarness({
    handlers: {
      '/api/subscription/get-plans': () => ({ status: 200, body: { plans: [plan] } }),
      '/api/subscription/get-state': () => ({
        status: 200,
        body: { subscription: state, ageVerified: opts.ageVerified ?? true },
      }),
      '/api/subscription/subscribe': () => ((state = sub({ id: 9 })), { status: 200, body: { subscription: state } }),
      '/api/subscription/pause': (_r, b) =>
        opts.pause?.() ??
        ((state = sub({
          status: 'paused',
          pausedUntil: '2026-03-15T10:00:00.000Z',
          nextDeliveryAt: '2026-03-15T10:00:00.000Z',
          id: b.subscriptionId,
        })),
        { status: 200, body: { subscription: state } }),
      '/api/subscription/resume': () => ((state = sub()), { status: 200, body: { subscription: state } }),
      '/api/subscription/cancel': () => ({
        status: 200,
        body: {
          subscription: sub({ status: 'cancelled', cancelledAt: '2026-03-01T10:00:00.000Z', nextDeliveryAt: null }),
        },
      }),
      '/api/analytics/auth-bat': () => ({ status: 200, body: { ok: true } }),
      '/api/analytics/esputnik-event-login': () => ({ status: 200, body: { ok: true } }),
      '/api/analytics/esputnik-send-id': () => ({ status: 200, body: { ok: true } }),
    },
  });
  await completeSignIn(h.env, signedIn(), DEMO);
  await pullSubscription(h.env, 'glo');
  const shown = async () => ((await h.db.docs.get(['glo', SUB_DOCS.state]))?.value as SubState).subscription;
  return { h, shown };
}

describe('subscription changes (queued, shown at once, the server’s answer kept)', () => {
  it('pause shows at once by the rules, goes when online, and the server’s state replaces it; then resume', async () => {
    const { h, shown } = await server();
    h.online.set(false);
    await pauseSubscription(h.env, 'glo', 2);
    expect(await shown()).toMatchObject({
      status: 'paused',
      pausedUntil: new Date(h.clock.t + 14 * 86_400_000).toISOString(),
    });
    // A pull meanwhile does not overwrite the change that waits.
    h.online.set(true);
    await pullSubscription(h.env, 'glo');
    expect(await shown()).toMatchObject({ status: 'paused' });
    await h.outbox.sendNow();
    expect(h.bodyOf('/api/subscription/pause')).toEqual({ subscriptionId: 8, weeks: 2 });
    expect(await shown()).toMatchObject({ status: 'paused', pausedUntil: '2026-03-15T10:00:00.000Z' });
    await resumeSubscription(h.env, 'glo');
    await h.outbox.sendNow();
    expect(await shown()).toMatchObject({ status: 'active' });
  });

  it('refuses what the rules forbid, and a second change while one waits, sending nothing', async () => {
    const { h } = await server();
    await expect(resumeSubscription(h.env, 'glo')).rejects.toMatchObject({ code: 'subscription_not_paused' });
    await expect(pauseSubscription(h.env, 'glo', 9)).rejects.toMatchObject({ code: 'invalid_pause', field: 'weeks' });
    await expect(subscribeTo(h.env, 'glo', plan)).rejects.toMatchObject({ code: 'subscription_exists' });
    h.online.set(false);
    await pauseSubscription(h.env, 'glo', 1);
    await expect(cancelSubscription(h.env, 'glo')).rejects.toMatchObject({ code: 'change_waiting' });
    expect(h.paths().filter((p) => p.startsWith('/api/subscription/') && !p.includes('get-'))).toEqual([]);
  });

  it('a refused change puts back what was shown before, with the reason in the outbox', async () => {
    const { h, shown } = await server({
      pause: () => ({
        status: 422,
        body: { error: { code: 'subscription_not_active', message: 'Призупинити можна лише активну підписку' } },
      }),
    });
    await pauseSubscription(h.env, 'glo', 4);
    await h.outbox.sendNow();
    expect(await shown()).toMatchObject({ id: 8, status: 'active' });
    const failed = await h.db.outbox.where('kind').equals('subscription-pause').first();
    expect(failed).toMatchObject({
      state: 'failed',
      lastError: { message: 'Призупинити можна лише активну підписку' },
    });
  });

  it('subscribing needs an age-verified member; a new one shows as unconfirmed until the server answers; cancel clears it', async () => {
    const notVerified = await server({ current: null, ageVerified: false });
    await expect(subscribeTo(notVerified.h.env, 'glo', plan)).rejects.toMatchObject({ code: 'age_not_verified' });
    const { h, shown } = await server({ current: null });
    await subscribeTo(h.env, 'glo', plan);
    expect(await shown()).toMatchObject({ id: 0, planId: 3, status: 'active' });
    await expect(pauseSubscription(h.env, 'glo', 1)).rejects.toMatchObject({ code: 'change_waiting' });
    await h.outbox.sendNow();
    expect(await shown()).toMatchObject({ id: 9 });
    await cancelSubscription(h.env, 'glo', '  Забагато стіків  ');
    await h.outbox.sendNow();
    expect(h.bodyOf('/api/subscription/cancel')).toEqual({ subscriptionId: 9, reason: 'Забагато стіків' });
    expect(await shown()).toBeNull();
  });
});
