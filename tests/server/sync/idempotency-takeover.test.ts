import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdempotent } from '../../../server/http/idempotency';
import { GONE_AFTER_MS, registerInstance } from '../../../server/instances';
import { makeTestServer, type TestServer } from '../../support/server';

// Issue: a key left 'running' by a server that crashed answered 409 to every retry until its
// 120 s stale limit. The record now names the process running it; a key whose process is gone
// is taken over at once (docs/architecture.md#outbox), on SQLite and PostgreSQL alike.

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(() => s.close());

const ok = async () => ({ status: 200 as const, body: { ok: true } });

/** A key claimed by `owner` that never settled, as a crash leaves it. */
async function leftRunning(key: string, owner: string | null): Promise<void> {
  await s.deps.db
    .insertInto('idempotency')
    .values({
      account: 'm:7',
      key,
      fingerprint: (await import('../../../server/security/tokens')).sha256('f'),
      state: 'running',
      status: 0,
      body: '',
      created_at: s.clock.now().toISOString(),
      owner,
    })
    .execute();
}

describe('a running key whose process is gone is taken over at once', () => {
  it('records this process as the owner of the keys it runs', async () => {
    let seen: string | null | undefined;
    await runIdempotent(s.deps, {
      account: 'm:7',
      key: 'own-key-0001',
      fingerprint: 'f',
      execute: async () => {
        seen = (
          await s.deps.db.selectFrom('idempotency').select('owner').where('key', '=', 'own-key-0001').executeTakeFirst()
        )?.owner;
        return ok();
      },
    });
    expect(seen).toBe(s.deps.instance?.id);
  });

  it('takes over a key of a process that is no longer registered, without waiting', async () => {
    await leftRunning('dead-key-0001', 'crashed-host:8080@2026-11-23T09:00:00.000Z');
    const r = await runIdempotent(s.deps, { account: 'm:7', key: 'dead-key-0001', fingerprint: 'f', execute: ok });
    expect(r).toMatchObject({ status: 200, replayed: false });
  });

  it('answers 409 while the owner is alive, and takes over once it has not been heard from', async () => {
    const other = await registerInstance(s.deps.db, s.clock, 'other-host:8080');
    try {
      await leftRunning('live-key-0001', other.id);
      await expect(
        runIdempotent(s.deps, { account: 'm:7', key: 'live-key-0001', fingerprint: 'f', execute: ok }),
      ).rejects.toMatchObject({ status: 409 });
      s.clock.advance(GONE_AFTER_MS + 1);
      const r = await runIdempotent(s.deps, { account: 'm:7', key: 'live-key-0001', fingerprint: 'f', execute: ok });
      expect(r.status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it("the 409 names the time left on the owner's lease (Retry-After), and the key is free once it has passed", async () => {
    const other = await registerInstance(s.deps.db, s.clock, 'dying-host:8080');
    try {
      await leftRunning('lease-key-0001', other.id);
      // The owner dies right after its last heartbeat: its lease runs GONE_AFTER_MS from that beat.
      s.clock.advance(1200);
      const refused = await runIdempotent(s.deps, {
        account: 'm:7',
        key: 'lease-key-0001',
        fingerprint: 'f',
        execute: ok,
      }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ status: 409, code: 'idempotency_in_progress' });
      const wait = Number((refused as { headers: Record<string, string> }).headers['Retry-After']);
      expect(wait).toBe(Math.ceil((GONE_AFTER_MS - 1200) / 1000));
      expect(GONE_AFTER_MS).toBeLessThanOrEqual(3000);
      s.clock.advance(wait * 1000);
      const r = await runIdempotent(s.deps, { account: 'm:7', key: 'lease-key-0001', fingerprint: 'f', execute: ok });
      expect(r).toMatchObject({ status: 200, replayed: false });
    } finally {
      await other.stop();
    }
  });

  it('a restart of the same slot takes over what its crashed predecessor left running', async () => {
    const before = await registerInstance(s.deps.db, s.clock, 'slot-a:8080');
    await leftRunning('restart-key-01', before.id);
    s.clock.advance(1_000);
    // The crashed process never stopped; the new one in its slot replaces it.
    const after = await registerInstance(s.deps.db, s.clock, 'slot-a:8080');
    try {
      const r = await runIdempotent(
        { ...s.deps, instance: after },
        { account: 'm:7', key: 'restart-key-01', fingerprint: 'f', execute: ok },
      );
      expect(r.status).toBe(200);
      const row = await s.deps.db
        .selectFrom('idempotency')
        .select(['state', 'owner'])
        .where('key', '=', 'restart-key-01')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'done', owner: after.id });
    } finally {
      await after.stop();
    }
  });

  it('never takes over a key this process is running now', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = runIdempotent(s.deps, {
      account: 'm:7',
      key: 'mine-key-0001',
      fingerprint: 'f',
      execute: async () => (await gate, ok()),
    });
    await new Promise((r) => setTimeout(r, 10));
    s.clock.advance(10 * GONE_AFTER_MS);
    await expect(
      runIdempotent(s.deps, { account: 'm:7', key: 'mine-key-0001', fingerprint: 'f', execute: ok }),
    ).rejects.toMatchObject({ status: 409 });
    release();
    await first;
  });

  it('a key claimed with no owner recorded still goes stale after two minutes', async () => {
    await leftRunning('legacy-key-001', null);
    await expect(
      runIdempotent(s.deps, { account: 'm:7', key: 'legacy-key-001', fingerprint: 'f', execute: ok }),
    ).rejects.toMatchObject({ status: 409 });
    s.clock.advance(120_001);
    expect(
      (await runIdempotent(s.deps, { account: 'm:7', key: 'legacy-key-001', fingerprint: 'f', execute: ok })).status,
    ).toBe(200);
  });
});
