import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { buildDeps } from '../../../server/deps';
import { backupSqliteFile, snapshotSqlite } from '../../../server/ops/backup';
import { createMember, type TestMember } from '../../support/members';
import { API_KEY, makeTestServer, PRODUCTION_ENV, type TestServer } from '../../support/server';
import { orderBody, placeOrder, product, withCatalogue } from '../shop/support';

// What a production server shows the world: where its links point whatever Host a request names,
// who may read its metrics, what a probed file path answers, and who may read its files.

let s: TestServer;
let m: TestMember;
const dir = mkdtempSync(join(tmpdir(), 'club-surface-'));
beforeAll(async () => {
  // Staging's sandbox checkout, so that a payment link is made at all without LiqPay keys.
  s = await makeTestServer({ env: { ...PRODUCTION_ENV, SANDBOXES: 'liqpay' } });
  await withCatalogue(s);
  m = await createMember(s);
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A call as it reaches the server under another Host: the request's URL is built from it. */
const asHost = (host: string, path: string, body: unknown, token: string) =>
  s.app.request(`http://${host}${path}`, {
    method: 'POST',
    headers: { host, 'x-api-key': API_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('production needs its public URL and its metrics token', () => {
  it('refuses to start without them, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required in production[\s\S]*METRICS_TOKEN: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://club.example' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'x' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });

  it('makes payment and login links on PUBLIC_URL whatever Host a request names', async () => {
    const amber = await product(s, 'sticks-amber-20');
    const order = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }], { payment: 2 }));
    expect(order.status).toBe(200);
    const pay = await asHost(
      'evil.example',
      '/api/api-shop/get-liqpay-link',
      { orderId: order.body.order.id },
      m.token,
    );
    expect(pay.status).toBe(200);
    expect(new URL(((await pay.json()) as { link: string }).link).origin).toBe('https://club.example');
    const login = await asHost('evil.example', '/api/api-auth/mlogin-glo', {}, m.token);
    expect(login.status).toBe(200);
    expect(new URL(((await login.json()) as { url: string }).url).origin).toBe('https://club.example');
  });

  it('answers /metrics to the token alone', async () => {
    expect((await s.app.request('/metrics')).status).toBe(401);
    expect((await s.app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const ok = await s.app.request('/metrics', {
      headers: { authorization: `Bearer ${PRODUCTION_ENV.METRICS_TOKEN}` },
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('club_http_requests_total');
  });
});

describe('a probed file path', () => {
  it('is a Ukrainian 404 that does not repeat the path, with or without the built app', async () => {
    const withApp = createApp(s.deps, { staticDir: join(dir, 'no-build') });
    for (const app of [s.app, withApp]) {
      const r = await app.request('/data/club.db');
      expect(r.status).toBe(404);
      const text = await r.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'not_found', message: 'Не знайдено' } });
      expect(text).not.toContain('club.db');
    }
  });
});

describe('readiness with no SMS gateway', () => {
  it('stays ready (the rest of the club works) and names what stops members', async () => {
    const r = await s.app.request('/readyz');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      status: 'ready',
      checks: { migrations: 'done', database: 'ok', draining: false },
      off: ['sms: no SMS gateway (TURBOSMS_TOKEN, TURBOSMS_SENDER), so nobody can sign in or register'],
    });
  });
});

describe('the database files and its backups', () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('are readable by the server user alone (0600), the WAL and its index too', async () => {
    for (const exclusive of [true, false]) {
      const file = join(dir, `club-${exclusive ? 'x' : 'n'}.db`);
      const built = await buildDeps(loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' }), {
        seed: false,
        connect: { sqlitePath: file, sqliteExclusive: exclusive },
      });
      try {
        const files = exclusive ? [file, `${file}-wal`] : [file, `${file}-wal`, `${file}-shm`];
        expect(files.map(mode)).toEqual(files.map(() => 0o600));
        if (exclusive) {
          // SIGUSR2's copy through the server's connection.
          await snapshotSqlite(built.deps, join(dir, 'backups', 'snap.db'));
          expect(mode(join(dir, 'backups', 'snap.db'))).toBe(0o600);
          expect(mode(join(dir, 'backups'))).toBe(0o700);
        } else {
          // scripts/backup.ts's copy from another process.
          await backupSqliteFile(file, join(dir, 'copy.db'));
          expect(mode(join(dir, 'copy.db'))).toBe(0o600);
        }
      } finally {
        await built.close();
      }
    }
  });
});
