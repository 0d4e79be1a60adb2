import { describe, expect, it } from 'vitest';
import { kvGet } from '../../../src/db/kv';
import { completeSignIn } from '../../../src/sync/auth/actions';
import { pullContext } from '../../../src/sync/auth/member';
import { backgroundImportPuller, feedbackFlagsPuller, offlineOrdersPuller } from '../../../src/sync/pullers/feedback';
import { runPuller } from '../../../src/sync/pullers/puller';
import { DEMO, authHarness, signedIn } from './support/auth-env';

const MIN = 60_000;
const HOUR = 60 * MIN;

async function feedbackServer(opts: { dead?: number } = {}) {
  let issued = 0;
  let canWrite = 0;
  const h = authHarness({
    handlers: {
      '/api/feedback/get-auth': () => ({
        status: 200,
        body: { token: `fb-${++issued}`, expired_at: new Date(h.clock.t + 24 * HOUR).toISOString() },
      }),
      '/api/feedback/can-write-by-order': (_r, b) => {
        canWrite += 1;
        if (opts.dead && canWrite <= opts.dead)
          return {
            status: 401,
            body: { error: { code: 'feedback_unauthenticated', message: 'Сесія відгуків завершилась' } },
          };
        return {
          status: 200,
          body: {
            shop: b.shop,
            showCan: true,
            canFeedback: [{ id: 5, order_number: 1005, created_at: '2026-02-27T10:00:00.000Z', total: 129_900 }],
          },
        };
      },
      '/api/feedback/get-offline-orders': () => ({ status: 200, body: { showCan: false, orders: [] } }),
      '/api/feedback/import-orders-in-background': () => ({ status: 200, body: { status: 'done', imported: 0 } }),
    },
  });
  await completeSignIn(h.env, signedIn(), DEMO);
  const ctx = pullContext(h.env);
  const count = (path: string) => h.paths().filter((p) => p === path).length;
  return { h, ctx, count };
}

describe('feedback flag lifetimes (docs/rules.md#constants)', () => {
  it('per-brand "can write" flag: 30 minutes', async () => {
    const { h, ctx, count } = await feedbackServer();
    expect(await runPuller(feedbackFlagsPuller, ctx)).toBe('pulled');
    expect(count('/api/feedback/can-write-by-order')).toBe(1); // glo only: no ogo record yet
    h.clock.t += 30 * MIN - 1;
    expect(await runPuller(feedbackFlagsPuller, ctx)).toBe('fresh');
    h.clock.t += 1;
    expect(await runPuller(feedbackFlagsPuller, ctx)).toBe('pulled');
    expect(count('/api/feedback/can-write-by-order')).toBe(2);
    expect((await kvGet(h.db, 'feedbackFlags'))?.glo?.canFeedback.map((o) => o.id)).toEqual([5]);
  });

  it('offline orders flag: 30 minutes', async () => {
    const { h, ctx, count } = await feedbackServer();
    await runPuller(offlineOrdersPuller, ctx);
    h.clock.t += 29 * MIN;
    expect(await runPuller(offlineOrdersPuller, ctx)).toBe('fresh');
    h.clock.t += MIN;
    expect(await runPuller(offlineOrdersPuller, ctx)).toBe('pulled');
    expect(count('/api/feedback/get-offline-orders')).toBe(2);
  });

  it('background import: at most once in 24 hours', async () => {
    const { h, ctx, count } = await feedbackServer();
    await runPuller(backgroundImportPuller, ctx);
    h.clock.t += 23 * HOUR + 59 * MIN;
    expect(await runPuller(backgroundImportPuller, ctx)).toBe('fresh');
    h.clock.t += MIN;
    expect(await runPuller(backgroundImportPuller, ctx)).toBe('pulled');
    expect(count('/api/feedback/import-orders-in-background')).toBe(2);
  });

  it('the feedback token is kept until its expiry; a 401 clears it and the next pull asks for a new one (docs/rules.md#error-reactions)', async () => {
    const { h, ctx } = await feedbackServer({ dead: 1 });
    expect(await runPuller(feedbackFlagsPuller, ctx)).toBe('failed');
    expect(await kvGet(h.db, 'feedbackToken')).toBeUndefined();
    expect(await runPuller(feedbackFlagsPuller, ctx)).toBe('pulled');
    const tokens = h.seen
      .filter((r) => r.url.includes('can-write-by-order'))
      .map((r) => JSON.parse(r.body ?? '{}').token);
    expect(tokens).toEqual(['fb-1', 'fb-2']);
    expect(await kvGet(h.db, 'feedbackToken')).toMatchObject({ token: 'fb-2' });
    // Kept: the next pull of another flag uses the same token.
    await runPuller(offlineOrdersPuller, ctx);
    expect(h.paths().filter((p) => p === '/api/feedback/get-auth')).toHaveLength(2);
  });
});
