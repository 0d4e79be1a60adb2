import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFavouriteIds, parseFavouriteIds } from '../../../src/sync/mutations/shop/favourites-state';
import { createMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { commandArbs, Event, initialModel, Replay, Toggle, type Model } from './support/commands';
import { World, type LockMode } from './support/world';

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(() => s.close());

let runs = 0;

/** Network back, faults gone: replays until nothing is pending (failed entries stay, reported). */
async function drain(w: World) {
  for (const dev of Object.values(w.devices)) {
    dev.network.restore();
    dev.network.clearFaults();
    for (let i = 0; i < 20; i += 1) {
      w.clock.t += 3_600_000;
      await dev.tabs[0]!.core.outbox.replay();
      if ((await dev.tabs[0]!.db.outbox.where('state').anyOf('pending', 'sending').count()) === 0) break;
    }
  }
}

/** Each product's last toggle that was not refused decides whether it is a favourite. */
function expectedFavourites(w: World, device: string, variant: string, refused: Set<string>): number[] {
  const last = new Map<number, boolean>();
  for (const t of w.toggles)
    if (t.device === device && t.variant === variant && !refused.has(t.entryId)) last.set(t.productId, t.on);
  return [...last]
    .filter(([, on]) => on)
    .map(([id]) => id)
    .sort((a, b) => a - b);
}

async function checkOutcome(w: World) {
  for (const dev of Object.values(w.devices)) {
    const db = dev.tabs[0]!.db;
    const left = await db.outbox.toArray();
    const mine = w.events.filter((e) => e.device === dev.id);
    const refused = new Set([...mine.filter((e) => e.foreign).map((e) => e.entryId), ...dev.network.rejected]);
    // No entry lost or stuck: all that is left is what was refused for good, each with its reason.
    expect(left.map((e) => e.id).sort()).toEqual([...refused].sort());
    for (const e of left) {
      expect(e.state).toBe('failed');
      expect(e.lastError).toMatchObject(
        dev.network.rejected.has(e.id) ? { status: 422, code: 'rejected' } : { status: 403, code: 'not_owner' },
      );
      expect(e.lastError?.message.length).toBeGreaterThan(0);
    }

    // Every accepted event applied exactly once, in order per account; refused ones never.
    const rows = await s.deps.db
      .selectFrom('analytics_events')
      .select(['id', 'payload'])
      .where('member_id', '=', dev.member.id)
      .orderBy('id')
      .execute();
    const seen = rows.map((r) => (JSON.parse(r.payload) as { data: { page_url: string; customer_id: number } }).data);
    for (const e of mine) {
      const hits = seen.filter((d) => d.page_url === `/run/${w.run}/${e.seq}`).length;
      expect(hits, `event ${e.seq}`).toBe(refused.has(e.entryId) ? 0 : 1);
    }
    for (const customer of [dev.member.glo.id, dev.member.ogo.id]) {
      const order = seen.filter((d) => d.customer_id === customer).map((d) => Number(d.page_url.split('/').pop()));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }

    // Favourites: server metafield = local store = the toggles that were not refused, per account.
    for (const variant of ['glo', 'ogo'] as const) {
      const expected = expectedFavourites(w, dev.id, variant, refused);
      const local = (await localFavouriteIds(db, variant)).sort((a, b) => a - b);
      const mf = await s.deps.db
        .selectFrom('metafields')
        .select('value')
        .where('customer_id', '=', dev.member[variant].id)
        .where('key', '=', 'favorites')
        .executeTakeFirst();
      const server = mf ? parseFavouriteIds(mf.value).sort((a, b) => a - b) : [];
      expect(local).toEqual(expected);
      expect(server).toEqual(expected);
    }

    // The server saw exactly the keys the outbox handed out (less those refused in front of it).
    const keys = await s.deps.db
      .selectFrom('idempotency')
      .select('key')
      .where('account', '=', `m:${dev.member.id}`)
      .execute();
    const handedOut = [
      ...w.toggles.filter((t) => t.device === dev.id).map((t) => t.entryId),
      ...mine.map((e) => e.entryId),
    ].filter((k) => !dev.network.rejected.has(k));
    expect(keys.map((k) => k.key).sort()).toEqual(handedOut.sort());
  }
}

/** One run: two fresh members on two devices, the commands, then network back and every check. */
async function scenario(lockMode: LockMode, cmds: Iterable<fc.AsyncCommand<Model, World>>) {
  runs += 1;
  const w = new World(s, runs, lockMode, await createMember(s), await createMember(s));
  await w.devices.A.init();
  await w.devices.B.init();
  await fc.asyncModelRun(() => ({ model: initialModel(), real: w }), cmds);
  await drain(w);
  await checkOutcome(w);
  for (const dev of Object.values(w.devices)) for (const t of dev.tabs) t.kill();
}

describe('outbox against the real server: exactly once, nothing lost (docs/architecture.md#outbox)', () => {
  it('holds under random enqueues, replays, faults, restarts and a second tab', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<LockMode>('web-locks', 'lease'),
        fc.commands(commandArbs, { maxCommands: 30, size: 'large' }),
        scenario,
      ),
      { numRuns: Number(process.env.MODEL_RUNS ?? 200) },
    );
  }, 900_000);

  // Rare in random runs, so pinned: a refused toggle must not take the one before it along.
  it('a refused favourite toggle is undone while the accepted one before it stays', async () => {
    for (const mode of ['web-locks', 'lease'] as const) {
      await scenario(mode, [
        new Toggle('A', 0, 'glo', 1),
        new Toggle('A', 0, 'glo', 2),
        new Toggle('A', 0, 'ogo', 3),
        new Replay('A', 0, ['ok', 'reject', 'lose']),
      ]);
    }
  });

  it('a page killed after the server applied a batch entry: it is resent under its key, applied once', async () => {
    await scenario('web-locks', [
      new Event('A', 0, 'glo', false),
      new Event('A', 0, 'glo', false),
      new Event('A', 0, 'glo', true),
      new Replay('A', 0, ['ok', 'ok', 'kill-after']),
      new Event('A', 0, 'glo', false),
    ]);
  });
});
