import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownsDatabase } from '../../server/db/revisions';
import { ApiError } from '../../server/errors';
import { purgeIdempotency, runIdempotent, type IdempotentRun } from '../../server/http/idempotency';
import { createMember } from '../support/members';
import { makeTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(() => s.close());

function counter() {
  let n = 0;
  return {
    get runs() {
      return n;
    },
    execute: async () => {
      n += 1;
      return { status: 200 as const, body: { n } };
    },
  };
}

describe('Idempotency-Key (docs/architecture.md#outbox, IETF draft)', () => {
  it('runs once and replays the stored first answer for the same key and request', async () => {
    const c = counter();
    const a = await runIdempotent(s.deps, {
      account: 'm:1',
      key: 'key-aaaaaaaa',
      fingerprint: 'POST /x\n{}',
      execute: c.execute,
    });
    const b = await runIdempotent(s.deps, {
      account: 'm:1',
      key: 'key-aaaaaaaa',
      fingerprint: 'POST /x\n{}',
      execute: c.execute,
    });
    expect(c.runs).toBe(1);
    expect(a.replayed).toBe(false);
    expect(b.replayed).toBe(true);
    expect(JSON.parse(b.body)).toEqual({ n: 1 });
  });

  it('answers 422 when the same key comes with another request', async () => {
    const c = counter();
    await runIdempotent(s.deps, { account: 'm:1', key: 'key-bbbbbbbb', fingerprint: 'one', execute: c.execute });
    await expect(
      runIdempotent(s.deps, { account: 'm:1', key: 'key-bbbbbbbb', fingerprint: 'two', execute: c.execute }),
    ).rejects.toMatchObject({ status: 422, code: 'idempotency_mismatch' });
    expect(c.runs).toBe(1);
  });

  it('answers 409 while the first request is still running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = runIdempotent(s.deps, {
      account: 'm:1',
      key: 'key-cccccccc',
      fingerprint: 'f',
      execute: async () => {
        await gate;
        return { status: 200, body: { ok: true } };
      },
    });
    await new Promise((r) => setTimeout(r, 10));
    await expect(
      runIdempotent(s.deps, { account: 'm:1', key: 'key-cccccccc', fingerprint: 'f', execute: counter().execute }),
    ).rejects.toMatchObject({ status: 409 });
    release();
    await first;
  });

  it('scopes keys to the account', async () => {
    const c = counter();
    await runIdempotent(s.deps, { account: 'm:1', key: 'key-dddddddd', fingerprint: 'f', execute: c.execute });
    await runIdempotent(s.deps, { account: 'm:2', key: 'key-dddddddd', fingerprint: 'f', execute: c.execute });
    expect(c.runs).toBe(2);
  });

  it('stores a permanent 4xx answer but lets a transient failure be retried', async () => {
    let n = 0;
    const failing = async (): Promise<never> => {
      n += 1;
      throw new ApiError(400, 'bad', 'bad');
    };
    await expect(
      runIdempotent(s.deps, { account: 'm:1', key: 'key-eeeeeeee', fingerprint: 'f', execute: failing }),
    ).rejects.toBeInstanceOf(ApiError);
    const again = await runIdempotent(s.deps, {
      account: 'm:1',
      key: 'key-eeeeeeee',
      fingerprint: 'f',
      execute: failing,
    });
    expect(n).toBe(1);
    expect(again.status).toBe(400);

    let m = 0;
    const flaky = async () => {
      m += 1;
      if (m === 1) throw new Error('boom');
      return { status: 200 as const, body: { m } };
    };
    await expect(
      runIdempotent(s.deps, { account: 'm:1', key: 'key-ffffffff', fingerprint: 'f', execute: flaky }),
    ).rejects.toThrow('boom');
    const ok = await runIdempotent(s.deps, { account: 'm:1', key: 'key-ffffffff', fingerprint: 'f', execute: flaky });
    expect(JSON.parse(ok.body)).toEqual({ m: 2 });
  });

  it('refuses keys that are too short', async () => {
    await expect(
      runIdempotent(s.deps, { account: 'm:1', key: 'x', fingerprint: 'f', execute: counter().execute }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('keeps keys 35 days, then purges them', async () => {
    const c = counter();
    await runIdempotent(s.deps, { account: 'm:9', key: 'key-gggggggg', fingerprint: 'f', execute: c.execute });
    s.clock.advance(30 * 86_400_000);
    await purgeIdempotency(s.deps);
    await runIdempotent(s.deps, { account: 'm:9', key: 'key-gggggggg', fingerprint: 'f', execute: c.execute });
    expect(c.runs).toBe(1);
    s.clock.advance(6 * 86_400_000);
    expect(await purgeIdempotency(s.deps)).toBeGreaterThan(0);
    await runIdempotent(s.deps, { account: 'm:9', key: 'key-gggggggg', fingerprint: 'f', execute: c.execute });
    expect(c.runs).toBe(2);
  });
});

describe('Idempotency-Key answered in the transaction of the call’s own writes', () => {
  /** A call that writes a customer's note in a transaction and stores its answer there. */
  function noteWriter(customerId: number, opts: { failAfterSettle?: boolean } = {}) {
    let runs = 0;
    return {
      get runs() {
        return runs;
      },
      execute: async (run: IdempotentRun) => {
        runs += 1;
        const answer = { runs };
        await s.deps.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('customers')
            .set({ note: `run ${runs}` })
            .where('id', '=', customerId)
            .execute();
          await run.settleIn(trx, answer);
          if (opts.failAfterSettle) throw new Error('failed after the answer was written');
        });
        return { status: 200 as const, body: answer };
      },
    };
  }
  const noteOf = async (id: number) =>
    (await s.deps.db.selectFrom('customers').select('note').where('id', '=', id).executeTakeFirstOrThrow()).note;

  it('runs once, stores the answer with the writes and replays it; another request under the key is 422', async () => {
    const m = await createMember(s);
    const w = noteWriter(m.glo.id);
    const a = await runIdempotent(s.deps, {
      account: `m:${m.id}`,
      key: 'key-tx-aaaaaaaa',
      fingerprint: 'f',
      execute: w.execute,
      inTransaction: true,
    });
    const b = await runIdempotent(s.deps, {
      account: `m:${m.id}`,
      key: 'key-tx-aaaaaaaa',
      fingerprint: 'f',
      execute: w.execute,
      inTransaction: true,
    });
    expect(w.runs).toBe(1);
    expect([a.replayed, b.replayed]).toEqual([false, true]);
    expect(JSON.parse(b.body)).toEqual({ runs: 1 });
    expect(await noteOf(m.glo.id)).toBe('run 1');
    await expect(
      runIdempotent(s.deps, {
        account: `m:${m.id}`,
        key: 'key-tx-aaaaaaaa',
        fingerprint: 'g',
        execute: w.execute,
        inTransaction: true,
      }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_mismatch',
    });
  });

  it('keeps nothing when the transaction fails after the answer was written: the retry runs anew', async () => {
    const m = await createMember(s);
    const failing = noteWriter(m.glo.id, { failAfterSettle: true });
    await expect(
      runIdempotent(s.deps, {
        account: `m:${m.id}`,
        key: 'key-tx-bbbbbbbb',
        fingerprint: 'f',
        execute: failing.execute,
        inTransaction: true,
      }),
    ).rejects.toThrow('failed after');
    expect(await noteOf(m.glo.id)).toBe('');
    expect(
      await s.deps.db.selectFrom('idempotency').select('state').where('key', '=', 'key-tx-bbbbbbbb').execute(),
    ).toEqual([]);
    const w = noteWriter(m.glo.id);
    const ok = await runIdempotent(s.deps, {
      account: `m:${m.id}`,
      key: 'key-tx-bbbbbbbb',
      fingerprint: 'f',
      execute: w.execute,
      inTransaction: true,
    });
    expect(ok.replayed).toBe(false);
    expect(await noteOf(m.glo.id)).toBe('run 1');
  });

  it('answers 409 while the first request is still running, then replays its answer', async () => {
    const m = await createMember(s);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const w = noteWriter(m.glo.id);
    const first = runIdempotent(s.deps, {
      account: `m:${m.id}`,
      key: 'key-tx-cccccccc',
      fingerprint: 'f',
      inTransaction: true,
      execute: async (run) => {
        started();
        await gate;
        return w.execute(run);
      },
    });
    await running;
    await expect(
      runIdempotent(s.deps, {
        account: `m:${m.id}`,
        key: 'key-tx-cccccccc',
        fingerprint: 'f',
        execute: w.execute,
        inTransaction: true,
      }),
    ).rejects.toMatchObject({
      status: 409,
    });
    release();
    expect((await first).replayed).toBe(false);
    const again = await runIdempotent(s.deps, {
      account: `m:${m.id}`,
      key: 'key-tx-cccccccc',
      fingerprint: 'f',
      execute: w.execute,
      inTransaction: true,
    });
    expect(again.replayed).toBe(true);
    expect(w.runs).toBe(1);
  });

  it('stores a permanent refusal after the rolled-back transaction and replays it', async () => {
    const m = await createMember(s);
    let runs = 0;
    const refusing = async (): Promise<never> => {
      runs += 1;
      throw new ApiError(422, 'insufficient_xp', 'Недостатньо XP на балансі');
    };
    await expect(
      runIdempotent(s.deps, {
        account: `m:${m.id}`,
        key: 'key-tx-dddddddd',
        fingerprint: 'f',
        execute: refusing,
        inTransaction: true,
      }),
    ).rejects.toMatchObject({ status: 422 });
    const again = await runIdempotent(s.deps, {
      account: `m:${m.id}`,
      key: 'key-tx-dddddddd',
      fingerprint: 'f',
      execute: refusing,
      inTransaction: true,
    });
    expect(again.status).toBe(422);
    expect(runs).toBe(1);
  });

  it('leaves no key "running" behind a call on a database this process owns', async () => {
    const m = await createMember(s);
    let seen: string[] = [];
    const w = noteWriter(m.glo.id);
    await runIdempotent(s.deps, {
      account: `m:${m.id}`,
      key: 'key-tx-eeeeeeee',
      fingerprint: 'f',
      inTransaction: true,
      execute: async (run) => {
        seen = (
          await s.deps.db.selectFrom('idempotency').select('state').where('key', '=', 'key-tx-eeeeeeee').execute()
        ).map((r) => r.state);
        return w.execute(run);
      },
    });
    // Owned (SQLite in memory here): no claim commit at all. Shared (PostgreSQL): claimed first.
    expect(seen).toEqual(ownsDatabase(s.deps.db) ? [] : ['running']);
    const stored = await s.deps.db
      .selectFrom('idempotency')
      .select(['state', 'status'])
      .where('key', '=', 'key-tx-eeeeeeee')
      .execute();
    expect(stored).toEqual([{ state: 'done', status: 200 }]);
  });
});
