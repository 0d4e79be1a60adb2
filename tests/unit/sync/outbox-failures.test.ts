import { describe, expect, it } from 'vitest';
import { kvGet, kvSet } from '../../../src/db/kv';
import { backoffDelay, DEFAULT_BACKOFF } from '../../../src/sync/engine/backoff';
import { OUTBOX_MESSAGES } from '../../../src/sync/engine/classify';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import { toggleFavourite } from '../../../src/sync/mutations/shop/favourite-toggle';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness, outboxEntry } from './support/harness';

const err = (status: number, code: string, message = 'Відмова', headers?: Record<string, string>): Reply => ({
  status,
  body: { error: { code, message } },
  headers,
});

describe('backoff (capped, exponential, with jitter)', () => {
  it('grows from 2 s, doubles, caps at 5 min, and jitter keeps it within [d/2, d]', () => {
    expect(backoffDelay(1, null, () => 0)).toBe(1000);
    expect(backoffDelay(1, null, () => 0.999999)).toBe(2000);
    expect(backoffDelay(3, null, () => 0)).toBe(4000);
    expect(backoffDelay(30, null, () => 1)).toBe(DEFAULT_BACKOFF.capMs);
    expect(backoffDelay(30, null, () => 0)).toBe(DEFAULT_BACKOFF.capMs / 2);
  });
  it('honours a longer Retry-After, up to 24 h', () => {
    expect(backoffDelay(1, 60_000, () => 0.5)).toBe(60_000);
    expect(backoffDelay(5, 10, () => 0.5)).toBe(backoffDelay(5, null, () => 0.5));
    expect(backoffDelay(1, 10 * 86_400_000, () => 0.5)).toBe(86_400_000);
  });
});

describe('transient failures: back off and stop the pass', () => {
  for (const [name, reply] of [
    ['network error', 'network-error'],
    ['503', err(503, 'unavailable')],
    ['409 key still running', err(409, 'idempotency_in_progress')],
    ['408', err(408, 'timeout')],
    ['425', err(425, 'too_early')],
  ] as Array<[string, Reply]>) {
    it(`${name}: the entry waits with backoff, the next one is not sent out of order`, async () => {
      let failNext = true;
      const h = await harness({
        reply: api({
          '/api/analytics/send-bat-event': () => {
            if (failNext) return reply;
            return { status: 200, body: { ok: true, id: 1 } };
          },
        }),
      });
      const first = await trackEvent(h.db, GLO, { event: 'first', pageUrl: '/' });
      await trackEvent(h.db, GLO, { event: 'second', pageUrl: '/' });
      const t0 = h.clock.t;
      const report = await h.outbox.replay();
      expect(report.sent).toBe(0);
      const stored = await h.db.outbox.get(first.id);
      expect(stored).toMatchObject({ state: 'pending', attempts: 1 });
      expect(stored!.nextAttemptAt - t0).toBeGreaterThanOrEqual(1000);
      expect(stored!.nextAttemptAt - t0).toBeLessThanOrEqual(2000);
      expect(report.nextAt).toBe(stored!.nextAttemptAt);
      expect(h.sends().map((s) => s.body.event)).toEqual(['first']);

      failNext = false;
      expect((await h.outbox.replay()).sent).toBe(0);
      h.clock.t = report.nextAt!;
      expect((await h.outbox.replay()).sent).toBe(2);
      const keys = h.sends().map((s) => s.key);
      expect(keys[0]).toBe(first.id);
      expect(keys[1]).toBe(first.id);
    });
  }

  it('honours Retry-After on 429', async () => {
    const h = await harness({
      reply: api({
        '/api/analytics/send-bat-event': () => err(429, 'rate_limited', 'Забагато', { 'retry-after': '120' }),
      }),
    });
    const e = await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    const t0 = h.clock.t;
    await h.outbox.replay();
    expect((await h.db.outbox.get(e.id))?.nextAttemptAt).toBe(t0 + 120_000);
  });

  it('a key held by a running request (409 with Retry-After) waits the lease the server names, not the grown backoff', async () => {
    let n = 0;
    const h = await harness({
      reply: api({
        '/api/analytics/send-bat-event': () => {
          n += 1;
          // Three answers lost (the instance holding the key died), then the other instance's 409s.
          if (n <= 3) return err(503, 'unavailable');
          if (n <= 5) return err(409, 'idempotency_in_progress', 'Запит ще обробляється', { 'retry-after': '3' });
          return { status: 200, body: { ok: true, id: 1 } };
        },
      }),
    });
    const e = await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    for (let i = 0; i < 3; i += 1) {
      const r = await h.outbox.replay();
      h.clock.t = r.nextAt!;
    }
    // After three failures the next backoff step is 16 s (8-16 s with jitter) ...
    expect(backoffDelay(4, null, () => 0)).toBe(8000);
    const t0 = h.clock.t;
    const r = await h.outbox.replay();
    // ... but the held key is looked at again when its holder's lease runs out.
    expect((await h.db.outbox.get(e.id))?.nextAttemptAt).toBeLessThanOrEqual(t0 + 3000);
    expect(r.nextAt! - t0).toBeGreaterThanOrEqual(3000);
    h.clock.t = r.nextAt!;
    await h.outbox.replay();
    h.clock.t = (await h.db.outbox.get(e.id))!.nextAttemptAt;
    expect((await h.outbox.replay()).sent).toBe(1);
    expect(new Set(h.sends().map((s) => s.key))).toEqual(new Set([e.id]));
  });

  it('sends the same frozen body on every attempt, even after the cached token changed', async () => {
    let n = 0;
    const h = await harness({
      reply: api({
        '/api/analytics/send-bat-event': () =>
          ++n === 1 ? 'network-error' : { status: 200, body: { ok: true, id: 1 } },
      }),
    });
    await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    await h.outbox.replay();
    await kvSet(h.db, 'batToken', { token: 'other', expiresAt: '2031-01-01T00:00:00Z' });
    await h.outbox.sendNow();
    const [a, b] = h.sends();
    expect(a?.body).toEqual(b?.body);
    expect(a?.key).toBe(b?.key);
  });

  it('a dead session (401) keeps the entry waiting instead of undoing it', async () => {
    const h = await harness({ reply: api({ '/api/user/create-metafields': () => err(401, 'UNAUTHORIZED_IN_APP') }) });
    const { entry } = await toggleFavourite(h.db, GLO, 3);
    await h.outbox.replay();
    expect(await h.db.outbox.get(entry.id)).toMatchObject({
      state: 'pending',
      lastError: { status: 401, message: OUTBOX_MESSAGES.signInAgain },
    });
    expect(await h.db.favourites.get(['glo', 3])).toBeDefined();
  });

  it('a refused app key (the deployment changed it, this page has the old one) keeps the entry waiting for the new version', async () => {
    const h = await harness({ reply: api({ '/api/user/create-metafields': () => err(401, 'invalid_api_key') }) });
    const { entry } = await toggleFavourite(h.db, GLO, 3);
    await h.outbox.replay();
    expect(await h.db.outbox.get(entry.id)).toMatchObject({
      state: 'pending',
      lastError: { status: 401, code: 'invalid_api_key' },
    });
    expect(await h.db.favourites.get(['glo', 3])).toBeDefined();
  });
});

describe('permanent refusals (other 4xx): failed, undone, the rest goes on', () => {
  it('marks it failed with the reason, undoes its optimistic change and sends the next ones', async () => {
    const h = await harness({
      reply: api({ '/api/user/create-metafields': () => err(403, 'not_owner', 'Це не твій обліковий запис') }),
    });
    const fav = await toggleFavourite(h.db, GLO, 42);
    const next = await trackEvent(h.db, GLO, { event: 'after', pageUrl: '/' });
    const report = await h.outbox.replay();
    expect(report).toMatchObject({ sent: 1, failed: 1, nextAt: null });
    expect(await h.db.outbox.get(fav.entry.id)).toMatchObject({
      state: 'failed',
      lastError: { status: 403, code: 'not_owner', message: 'Це не твій обліковий запис' },
    });
    expect(await h.db.favourites.get(['glo', 42])).toBeUndefined();
    expect(await h.db.outbox.get(next.id)).toBeUndefined();
    expect(h.sends().map((s) => s.path)).toEqual(['/api/user/create-metafields', '/api/analytics/send-bat-event']);
  });

  it('«Повторити» sends it again under a new key with the change redone; «Скасувати» drops it', async () => {
    let refuse = true;
    const h = await harness({
      reply: api({
        '/api/user/create-metafields': (_r, b) =>
          refuse
            ? err(400, 'bad')
            : {
                status: 200,
                body: { metafield: { id: 1, namespace: 'pwa', key: 'favorites', value: b.value, type: 'json' } },
              },
      }),
    });
    const a = await toggleFavourite(h.db, GLO, 1);
    const b = await toggleFavourite(h.db, GLO, 2);
    await h.outbox.replay();
    expect(await h.db.favourites.count()).toBe(0);
    refuse = false;
    expect(await h.outbox.retryFailed(a.entry.id)).toBe(true);
    expect(await h.db.favourites.get(['glo', 1])).toBeDefined();
    await h.outbox.replay();
    const keys = h.sends().map((s) => s.key);
    expect(keys.at(-1)).not.toBe(a.entry.id);
    expect(h.sends().at(-1)?.body.value).toBe('[1]');
    expect(await h.outbox.cancelFailed(b.entry.id)).toBe(true);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.outbox.cancelFailed('nope')).toBe(false);
  });

  it('a 409 that is a real conflict (not a key still running) fails instead of blocking the queue', async () => {
    const h = await harness({
      reply: api({ '/api/user/create-metafields': () => err(409, 'code_used', 'Цей код уже відскановано') }),
    });
    const fav = await toggleFavourite(h.db, GLO, 7);
    const next = await trackEvent(h.db, GLO, { event: 'after', pageUrl: '/' });
    expect(await h.outbox.replay()).toMatchObject({ sent: 1, failed: 1, nextAt: null });
    expect(await h.db.outbox.get(fav.entry.id)).toMatchObject({
      state: 'failed',
      lastError: { status: 409, code: 'code_used' },
    });
    expect(await h.db.outbox.get(next.id)).toBeUndefined();
  });

  it('an entry of an unknown kind fails with a reason instead of blocking the queue', async () => {
    const h = await harness();
    await h.db.outbox.add(outboxEntry({ id: 'old-kind-0001', kind: 'removed-kind', payload: {} }));
    await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    expect(await h.outbox.replay()).toMatchObject({ sent: 1, failed: 1 });
    expect((await h.db.outbox.get('old-kind-0001'))?.lastError?.message).toBe(OUTBOX_MESSAGES.unknownKind);
  });
});

describe('dead analytics token (docs/rules.md#error-reactions)', () => {
  it('clears the token, re-keys the event and sends it once with a fresh token', async () => {
    let first = true;
    const h = await harness({
      reply: api({
        '/api/analytics/send-bat-event': () => {
          if (!first) return { status: 200, body: { ok: true, id: 9 } };
          first = false;
          return err(401, 'analytics_unauthenticated');
        },
      }),
    });
    const e = await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    expect(await h.outbox.replay()).toMatchObject({ sent: 1, failed: 0 });
    const [a, b] = h.sends();
    expect(a?.key).toBe(e.id);
    expect(b?.key).not.toBe(e.id);
    expect(a?.body.token).toBe('bat-1');
    expect(b?.body.token).toBe('bat-2');
    expect((await kvGet(h.db, 'batToken'))?.token).toBe('bat-2');
  });

  it('gives up after one refresh: a second refusal is a failure', async () => {
    const h = await harness({
      reply: api({
        '/api/analytics/send-bat-event': () => err(401, 'analytics_unauthenticated', 'Токен аналітики недійсний'),
      }),
    });
    await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    expect(await h.outbox.replay()).toMatchObject({ sent: 0, failed: 1 });
    expect(h.sends()).toHaveLength(2);
  });
});
