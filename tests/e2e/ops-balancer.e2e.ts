import 'fake-indexeddb/auto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  startCluster,
  temporaryPostgres,
  type Cluster,
  type Instance,
  type TemporaryPostgres,
} from '../../scripts/ops/cluster';
import { ClubDb } from '../../src/db/database';
import { kvSet } from '../../src/db/kv';
import { createSyncCore } from '../../src/sync/core';
import { webLock } from '../../src/sync/engine/lock';
import { saveScanCode } from '../../src/sync/mutations/scan/code';
import { memoryLocks } from '../unit/sync/support/memory-locks';
import { ledgerOf, prepareMembers, type ClusterMember } from './support/cluster-fixture';
import { memberLoad, type LoadResult } from './support/member-load';

/*
 * two instances on one database (PostgreSQL when its binaries are there, which .ci/run
 * installs; else one SQLite file) behind HAProxy with the repository's deploy/haproxy.cfg, run as
 * compose runs them (scripts/ops/cluster.ts: an instance that exits by itself is started again).
 * An instance dies while it holds a member's Idempotency-Key and the member's queue must move on
 * within seconds, every scan credited once; a rolling restart under load answers no 5xx and loses
 * and doubles nothing; an instance killed under load is started again by the supervisor while the
 * balancer keeps answering, and nothing is lost or doubled.
 */

const API_KEY = 'lb-test-key';
let pg: TemporaryPostgres | null = null;
let dir: string;
let dbEnv: Record<string, string>;
let cluster: Cluster;
let a: Instance;
let b: Instance;
let lb: Cluster['balancer'];
let members: ClusterMember[];
let collectionId: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'club-lb-'));
  buildServer();
  pg = await temporaryPostgres('club_lb');
  dbEnv = pg
    ? { DATABASE_URL: pg.url }
    : { DATABASE_URL: '', SQLITE_PATH: join(dir, 'club.db'), SQLITE_LOCKING: 'normal' };
  ({ members, collectionId } = await prepareMembers(API_KEY, dbEnv, 6, 400));
  const env = {
    ...dbEnv,
    NODE_ENV: 'test',
    API_KEY,
    SEED: 'false',
    TRUSTED_PROXIES: '127.0.0.1/32',
    SHUTDOWN_DRAIN_MS: '2500',
    SHUTDOWN_TIMEOUT_MS: '10000',
  };
  // app1's first run dies (SIGKILL) right after its 3rd claim of a key has committed: it holds that key running.
  cluster = await startCluster(env, [{ CLUB_FAULT_DIE_AT_CLAIM: '3' }, {}]);
  [a, b] = cluster.instances;
  lb = cluster.balancer;
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Lets the balancer's health checks (every 500 ms while changing, 2 to rise) see an instance back. */
const balancerSeesIt = () => new Promise((r) => setTimeout(r, 2_000));

describe('behind the load balancer', () => {
  it("an instance dies holding a member's key mid-replay: the queue moves on within the dead instance's lease, every scan credited once", async () => {
    const m = members[0]!;
    const codes = m.codes.splice(0, 22);
    const db = new ClubDb(`lb-member-${Date.now()}`);
    await kvSet(db, 'pwaToken', m.token);
    await kvSet(db, 'customerIds', { glo: m.customerId });
    const account = { variant: 'glo' as const, customerId: m.customerId };
    for (const code of codes) expect((await saveScanCode(db, account, code, 'camera')).saved).toBe(true);

    // The app's own outbox and transport, sending through the balancer; every answer noted.
    const seen: Array<{ at: number; key: string; status: number; retryAfter: string | null }> = [];
    const fetchNoting: typeof fetch = async (input, init) => {
      const r = await fetch(input, init);
      const key = new Headers(init?.headers).get('idempotency-key');
      if (key) seen.push({ at: Date.now(), key, status: r.status, retryAfter: r.headers.get('retry-after') });
      return r;
    };
    const core = createSyncCore({
      db,
      apiKey: API_KEY,
      baseUrl: lb.url,
      fetch: fetchNoting,
      lock: webLock(memoryLocks().client('tab')),
    });
    let death = 0;
    // The supervisor starts it again (without the fault), as compose would.
    const restarted = a.exited.then(async () => {
      death = Date.now();
      await a.ready();
    });
    for (let round = 0; round < 200 && (await db.outbox.count()) > 0; round += 1) {
      const r = await core.outbox.replay();
      if (r.nextAt !== null) await new Promise((res) => setTimeout(res, Math.max(0, r.nextAt! - Date.now())));
    }
    await restarted;
    expect(await db.outbox.count()).toBe(0);
    expect(death).toBeGreaterThan(0);
    expect(a.restarts).toBe(1);

    // The key app1 died holding: refused 409 "still running" until its lease ran out, then run once.
    // (When the app's own retry comes after the lease has run out, the key is simply run once: no 409 at all.)
    const held = seen.filter((s) => s.at >= death && s.status === 409);
    for (const s of held) expect(Number(s.retryAfter)).toBeLessThanOrEqual(3);
    const moved = seen.find((s) => s.at >= death && s.status === 200)!;
    expect(moved).toBeDefined();
    if (held.length > 0) expect(moved.key).toBe(held[0]!.key);
    const failoverMs = moved.at - death;
    console.log(
      `[failover] the member's queue moved again ${(failoverMs / 1000).toFixed(2)} s after the instance died (${held.length} answers 409 meanwhile)`,
    );
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      'test-results/failover.json',
      JSON.stringify({ failoverMs, refusedWhileHeld: held.length, database: pg ? 'postgres' : 'sqlite' }),
    );

    const rows = await db.scans.toArray();
    expect(rows.map((r) => r.state)).toEqual(codes.map(() => 'credited'));
    const ledger = await ledgerOf(API_KEY, dbEnv, [m.customerId]);
    expect(codes.map((c) => ledger.perCode.get(c))).toEqual(codes.map(() => 1));
    expect(ledger.balances.get(m.customerId)).toBe(22 * 10);
    db.close();
  }, 150_000);

  const checkExactlyOnce = async (load: LoadResult, group: ClusterMember[]) => {
    const ids = group.map((m) => m.customerId);
    const ledger = await ledgerOf(API_KEY, dbEnv, ids);
    const credited = ids.flatMap((id) => load.credited.get(id) ?? []);
    expect(credited.length).toBeGreaterThan(0);
    // Nothing lost (every scan answered 2xx is in the ledger) and nothing doubled (once each, nothing else).
    expect(credited.filter((c) => ledger.perCode.get(c) !== 1)).toEqual([]);
    expect(ledger.perCode.size).toBe(credited.length);
    for (const id of ids) expect(ledger.balances.get(id)).toBe((load.credited.get(id) ?? []).length * 10);
    expect(ledger.running).toBe(0);
  };

  it('a rolling restart of both instances under load answers no 5xx and loses and doubles nothing', async () => {
    const group = members.slice(1, 4);
    const load = memberLoad(lb.url, API_KEY, group, collectionId);
    await balancerSeesIt();
    expect(await a.stop()).toBe(0);
    await a.start();
    await balancerSeesIt();
    expect(await b.stop()).toBe(0);
    await b.start();
    await balancerSeesIt();
    const r = await load.stop();
    console.log(
      `[rolling restart] ${r.requests} requests, statuses ${JSON.stringify(r.statuses)} ${JSON.stringify(r.samples)}`,
    );
    expect(r.errors5xx).toBe(0);
    expect(r.networkErrors).toBe(0);
    await checkExactlyOnce(r, group);
  }, 150_000);

  it('an instance killed under load is started again by the supervisor and is ready; the balancer answers every GET meanwhile; nothing lost or doubled', async () => {
    const group = members.slice(4, 6);
    const load = memberLoad(lb.url, API_KEY, group, collectionId);
    // Pages and reads through the balancer the whole time: HAProxy resends a GET whose instance died.
    const reads: number[] = [];
    let probing = true;
    const probe = (async () => {
      for (let i = 0; probing; i += 1) {
        const r = await fetch(`${lb.url}${i % 2 ? '/shop/sticks' : '/api/get-balance?v=glo'}`, {
          headers: { 'x-api-key': API_KEY, authorization: `Bearer ${group[0]!.token}` },
        }).catch(() => null);
        reads.push(r?.status ?? 0);
        await r?.arrayBuffer();
      }
    })();
    await balancerSeesIt();
    const before = b.restarts;
    const pid = b.child?.pid;
    await b.crash();
    await b.ready();
    expect(b.restarts).toBe(before + 1);
    expect(b.child?.pid).not.toBe(pid);
    await balancerSeesIt();
    probing = false;
    await probe;
    const r = await load.stop();
    // Requests in flight on the killed instance: a GET or a keyed POST is sent again to the other
    // by the balancer; a POST with no key (a read here) may get a 502 or no answer, and the scans
    // are sent again by their sender with the same key, as the outbox does.
    console.log(
      `[kill -9 under load] ${r.requests} requests, statuses ${JSON.stringify(r.statuses)}, no answer ${r.networkErrors} ${JSON.stringify(r.samples)}; ${reads.length} GETs meanwhile`,
    );
    expect(reads.length).toBeGreaterThan(10);
    expect(reads.filter((s) => s !== 200)).toEqual([]);
    await checkExactlyOnce(r, group);
  }, 150_000);
});
