import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  startCluster,
  temporaryPostgres,
  type Cluster,
  type Instance,
  type TemporaryPostgres,
} from '../../scripts/ops/cluster';
import { ledgerOf, prepareMembers, type ClusterMember } from './support/cluster-fixture';
import { memberLoad, type LoadResult } from './support/member-load';

/*
 * The database goes away under two instances behind HAProxy (deploy/haproxy.cfg), on a
 * PostgreSQL cluster of this file's own. A restart under load used to end an instance
 * («Unhandled 'error' event … 57P01»); while the database was stopped every instance failed
 * readiness and the balancer answered every request, the app's own files too, with its English
 * 503; API calls whose query failed were 500s; a key claimed just before the loss stayed
 * «still running» for as long as its instance lived. Now: instances stay up and come back ready,
 * the app is served throughout, the API answers a Ukrainian 503 with Retry-After and works again
 * when the database returns, and the balancer's own answers (no instance at all) are Ukrainian.
 */

const API_KEY = 'outage-test-key';
let db: TemporaryPostgres;
let cluster: Cluster;
let a: Instance;
let b: Instance;
let lbUrl: string;
let members: ClusterMember[];
let collectionId: number;

beforeAll(async () => {
  buildServer();
  const made = await temporaryPostgres('club_outage');
  // The restart is PostgreSQL's own (pg_ctl); .ci/run installs it, as the balancer tests need.
  if (!made) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  db = made;
  ({ members, collectionId } = await prepareMembers(API_KEY, { DATABASE_URL: db.url }, 6, 300));
  cluster = await startCluster({
    DATABASE_URL: db.url,
    NODE_ENV: 'test',
    API_KEY,
    SEED: 'false',
    TRUSTED_PROXIES: '127.0.0.1/32',
    SHUTDOWN_DRAIN_MS: '500',
  });
  [a, b] = cluster.instances;
  lbUrl = cluster.balancer.url;
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  db?.stop();
}, 60_000);

const headers = (m: ClusterMember, extra: Record<string, string> = {}) => ({
  'x-api-key': API_KEY,
  authorization: `Bearer ${m.token}`,
  'content-type': 'application/json',
  ...extra,
});
const balance = (base: string, m: ClusterMember) => fetch(`${base}/api/get-balance?v=glo`, { headers: headers(m) });
const scan = (m: ClusterMember, code: string, key: string, base = lbUrl) =>
  fetch(`${base}/api/scan/scan-code`, {
    method: 'POST',
    headers: headers(m, { 'idempotency-key': key }),
    body: JSON.stringify({ code }),
  });

/** The instance (`instances.id`) whose run holds a key, '' when none does. */
async function ownerOf(key: string): Promise<string> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    return String((await c.query('select owner from idempotency where key = $1', [key])).rows[0]?.owner ?? '');
  } finally {
    await c.end();
  }
}

/** Nothing lost (every scan answered 2xx is in the ledger) and nothing doubled. */
async function creditedOnce(load: LoadResult, group: ClusterMember[]) {
  const ids = group.map((m) => m.customerId);
  const ledger = await ledgerOf(API_KEY, { DATABASE_URL: db.url }, ids);
  const credited = ids.flatMap((id) => load.credited.get(id) ?? []);
  expect(credited.length).toBeGreaterThan(0);
  expect(credited.filter((c) => ledger.perCode.get(c) !== 1)).toEqual([]);
  expect(ledger.perCode.size).toBe(credited.length);
}

describe('the database away and back', () => {
  it('PostgreSQL restarted under load: both instances stay up and ready, every request answered 200 or a Ukrainian 503', async () => {
    const pids = [a.child?.pid, b.child?.pid];
    // Straight to each instance: a process that died would show as requests with no answer.
    const loads = [
      memberLoad(a.url, API_KEY, members.slice(0, 2), collectionId),
      memberLoad(b.url, API_KEY, members.slice(2, 4), collectionId),
    ];
    while (loads.some((l) => l.result.requests < 50)) await new Promise((r) => setTimeout(r, 50));
    await db.restart();
    await Promise.all([a.ready(), b.ready()]);
    const after = loads.map((l) => l.result.requests);
    while (loads.some((l, i) => l.result.requests < after[i]! + 50)) await new Promise((r) => setTimeout(r, 50));
    const results = await Promise.all(loads.map((l) => l.stop()));
    for (const r of results)
      console.log(
        `[pg restart] ${r.requests} requests, statuses ${JSON.stringify(r.statuses)} ${JSON.stringify(r.codes5xx)} ${JSON.stringify(r.samples)}`,
      );

    expect([a.restarts, b.restarts, a.child?.pid, b.child?.pid]).toEqual([0, 0, ...pids]);
    for (const r of results) {
      expect(r.networkErrors).toBe(0);
      expect(Object.keys(r.statuses).filter((s) => s !== '200' && s !== '503')).toEqual([]);
      expect(Object.keys(r.codes5xx).filter((k) => k !== '503 database_unavailable')).toEqual([]);
    }
    await creditedOnce(results[0]!, members.slice(0, 2));
    await creditedOnce(results[1]!, members.slice(2, 4));
  }, 120_000);

  it('PostgreSQL stopped: the balancer still serves the app from the instances, the API answers a Ukrainian 503 with Retry-After; back without a restart', async () => {
    const m = members[4]!;
    // A scan whose key is claimed, then held on a row lock when the database stops: its run ends
    // with neither an answer nor a release written.
    const locker = new pg.Client({ connectionString: db.url });
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from customers where id = $1 for update', [m.customerId]);
    const key = randomUUID();
    const code = m.codes.pop()!;
    const held = scan(m, code, key);
    for (;;) {
      const waiting = await locker.query(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
      );
      if (waiting.rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const logFrom = cluster.balancer.log.length;
    await db.halt();
    await locker.end().catch(() => undefined);
    expect((await held).status).toBe(503);
    // Both instances fail readiness; the balancer runs on the live ones (its `backup` servers).
    for (const backend of ['pages', 'api'])
      await cluster.balancer.saw(new RegExp(`Server ${backend}/app\\d is DOWN[^\n]*Running on backup`), logFrom);
    expect((await fetch(`${a.url}/readyz`)).status).toBe(503);

    const home = await fetch(`${lbUrl}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(`${lbUrl}${script}`);
    expect([js.status, js.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    const shop = await fetch(`${lbUrl}/shop/sticks`);
    expect(shop.status).toBe(200);
    expect(await shop.text()).toContain('<div id="root"');

    const api = await balance(lbUrl, m);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message: 'Сервер тимчасово не може виконати запит. Спробуй за кілька секунд',
      },
    });

    await db.resume();
    await Promise.all([a.ready(), b.ready()]);
    expect([a.restarts, b.restarts]).toEqual([0, 0]);
    for (let i = 0; (await balance(lbUrl, m)).status !== 200; i += 1) {
      expect(i).toBeLessThan(100);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The held scan sent again with its key, as the outbox does, to the instance that claimed it
    // (the other one may take over a key whose owner has not beaten since the database came back):
    // run once, not «still running» for as long as that instance lives.
    const owner = (await ownerOf(key)).startsWith('app1@') ? a : b;
    const seen: number[] = [];
    for (const end = Date.now() + 20_000; Date.now() < end;) {
      const r = await scan(m, code, key, owner.url);
      seen.push(r.status);
      if (r.status === 200) break;
      await new Promise((res) => setTimeout(res, Number(r.headers.get('retry-after') ?? 1) * 1000));
    }
    expect(seen.at(-1)).toBe(200);
    expect((await ledgerOf(API_KEY, { DATABASE_URL: db.url }, [m.customerId])).perCode.get(code)).toBe(1);
  }, 120_000);

  it('no instance at all: the balancer answers in Ukrainian, a page for pages and JSON for the API', async () => {
    await Promise.all([a.stop(), b.stop()]);
    let page: Response;
    for (let i = 0; (page = await fetch(`${lbUrl}/shop/sticks`)).status !== 503; i += 1) {
      expect(i).toBeLessThan(100);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="uk">');
    expect(html).toContain('Сервіс тимчасово недоступний');
    for (const path of ['/api/get-balance?v=glo', '/mapi/get-version']) {
      const r = await fetch(`${lbUrl}${path}`, { headers: headers(members[5]!) });
      expect([r.status, r.headers.get('content-type'), r.headers.get('retry-after')]).toEqual([
        503,
        'application/json; charset=utf-8',
        '10',
      ]);
      expect(await r.json()).toEqual({
        error: { code: 'service_unavailable', message: 'Сервіс тимчасово недоступний. Спробуй за хвилину' },
      });
    }
  }, 60_000);
});
