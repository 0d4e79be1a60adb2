import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors';
import { purgeIdempotency, runIdempotent } from '../../server/http/idempotency';
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

describe('Idempotency-Key (ARCHITECTURE §3, IETF draft)', () => {
  it('runs once and replays the stored first answer for the same key and request', async () => {
    const c = counter();
    const a = await runIdempotent(s.deps, { account: 'm:1', key: 'key-aaaaaaaa', fingerprint: 'POST /x\n{}', execute: c.execute });
    const b = await runIdempotent(s.deps, { account: 'm:1', key: 'key-aaaaaaaa', fingerprint: 'POST /x\n{}', execute: c.execute });
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
    await expect(runIdempotent(s.deps, { account: 'm:1', key: 'key-eeeeeeee', fingerprint: 'f', execute: failing })).rejects.toBeInstanceOf(ApiError);
    const again = await runIdempotent(s.deps, { account: 'm:1', key: 'key-eeeeeeee', fingerprint: 'f', execute: failing });
    expect(n).toBe(1);
    expect(again.status).toBe(400);

    let m = 0;
    const flaky = async () => {
      m += 1;
      if (m === 1) throw new Error('boom');
      return { status: 200 as const, body: { m } };
    };
    await expect(runIdempotent(s.deps, { account: 'm:1', key: 'key-ffffffff', fingerprint: 'f', execute: flaky })).rejects.toThrow('boom');
    const ok = await runIdempotent(s.deps, { account: 'm:1', key: 'key-ffffffff', fingerprint: 'f', execute: flaky });
    expect(JSON.parse(ok.body)).toEqual({ m: 2 });
  });

  it('refuses keys that are too short', async () => {
    await expect(runIdempotent(s.deps, { account: 'm:1', key: 'x', fingerprint: 'f', execute: counter().execute })).rejects.toMatchObject({ status: 400 });
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
