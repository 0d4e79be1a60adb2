import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createLogger } from '../../../server/ops/log';
import { createMetrics } from '../../../server/ops/metrics';
import { lastSmsCode } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { metricSample as sample } from '../../support/metrics';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';

// liveness and readiness for a balancer, Prometheus metrics, JSON logs with a request
// id that never carry a token, a code or a phone in clear.

let s: TestServer;
let m: TestMember;
const lines: string[] = [];
beforeAll(async () => {
  s = await makeTestServer({ env: { METRICS_TOKEN: 'scrape-secret' } });
  m = await createMember(s);
  // The same app with a logger writing into `lines` (the server's own writes to stdout).
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  s.deps.log = createLogger({ level: 'info', name: 'test-slot', destination: sink });
  s.app = createApp(s.deps);
});
afterAll(() => s.close());

const scrape = async () => {
  const r = await s.app.request('/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/plain');
  return r.text();
};

describe('liveness and readiness', () => {
  it('/livez and /readyz answer without the API key; readiness names its checks', async () => {
    const live = await s.app.request('/livez');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'alive' });
    const ready = await s.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { migrations: 'done', database: 'ok', draining: false },
    });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('readiness is 503 while draining (SIGTERM), liveness stays 200', async () => {
    s.deps.lifecycle!.draining = true;
    try {
      const r = await s.app.request('/readyz');
      expect(r.status).toBe(503);
      expect((await r.json()).checks.draining).toBe(true);
      expect((await s.app.request('/livez')).status).toBe(200);
    } finally {
      s.deps.lifecycle!.draining = false;
    }
  });

  it('readiness is 503 once its database is gone', async () => {
    const other = await makeTestServer();
    await other.deps.db.destroy();
    const r = await other.app.request('/readyz');
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({
      status: 'not_ready',
      checks: { migrations: 'done', database: 'unreachable', draining: false },
    });
    expect((await other.app.request('/livez')).status).toBe(200);
  });

  it('/healthz and other names of no route stay 404', async () => {
    expect((await s.app.request('/healthz')).status).toBe(404);
    expect((await s.app.request('/metricz')).status).toBe(404);
  });
});

describe('metrics', () => {
  it('still answer when the database does not: the open refunds keep their last counts', async () => {
    const metrics = createMetrics();
    let answer: () => Promise<Record<string, number>> = async () => ({ refund_due: 2 });
    metrics.watchRefunds(() => answer());
    expect(await metrics.registry.metrics()).toContain('club_payment_refunds_open{status="refund_due"} 2');
    answer = () => Promise.reject(new Error('Connection terminated unexpectedly'));
    expect(await metrics.registry.metrics()).toContain('club_payment_refunds_open{status="refund_due"} 2');
  });
  it('wants the metrics token when one is set', async () => {
    expect((await s.app.request('/metrics')).status).toBe(401);
    expect((await s.app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('counts requests by route and status, with latency histograms', async () => {
    const before = await scrape();
    const okSeries = 'club_http_requests_total{route="/api/user/get-metafields",method="POST",status="200"}';
    const unauthSeries = 'club_http_requests_total{route="/api/user/get-metafields",method="POST",status="401"}';
    await s.post('/api/user/get-metafields', { id: m.glo.id }, m.token);
    await s.post('/api/user/get-metafields', { id: m.glo.id }, m.token);
    await s.post('/api/user/get-metafields', { id: m.glo.id });
    await s.app.request('/no/such/path');
    const after = await scrape();
    expect(sample(after, okSeries) - sample(before, okSeries)).toBe(2);
    expect(sample(after, unauthSeries) - sample(before, unauthSeries)).toBe(1);
    expect(
      sample(after, 'club_http_request_duration_seconds_count{route="/api/user/get-metafields",method="POST"}'),
    ).toBeGreaterThanOrEqual(3);
    // A path of no route is one bounded label, never the path itself.
    expect(after).toContain('route="not_found"');
    expect(after).not.toContain('/no/such/path');
  });

  it('counts outbox sends by idempotency outcome: a replay answered from the stored answer', async () => {
    const body = { namespace: 'pwa', key: 'cart', type: 'json', value: '[{"id":4,"count":1}]', shopifyId: m.glo.id };
    const before = await scrape();
    const first = await s.call('POST', '/api/user/create-metafields', {
      body,
      token: m.token,
      idem: 'metrics-key-0001',
    });
    const again = await s.call('POST', '/api/user/create-metafields', {
      body,
      token: m.token,
      idem: 'metrics-key-0001',
    });
    expect(again.body).toEqual(first.body);
    const other = await s.call('POST', '/api/user/create-metafields', {
      body: { ...body, value: '[]' },
      token: m.token,
      idem: 'metrics-key-0001',
    });
    expect(other.status).toBe(422);
    const after = await scrape();
    const delta = (o: string) =>
      sample(after, `club_idempotency_requests_total{outcome="${o}"}`) -
      sample(before, `club_idempotency_requests_total{outcome="${o}"}`);
    expect([delta('new'), delta('replayed'), delta('mismatch')]).toEqual([1, 1, 1]);
  });

  it('counts SMS sent', async () => {
    const before = sample(await scrape(), 'club_sms_sent_total');
    await s.post('/api/api-auth/login-sms', { phone: m.phone });
    expect(sample(await scrape(), 'club_sms_sent_total') - before).toBe(1);
  });
});

describe('JSON logs', () => {
  it('one JSON line a request, with the request id the balancer gave, or one of its own', async () => {
    lines.length = 0;
    await s.app.request('/livez', { headers: { 'x-request-id': 'lb-7f3a-0001' } });
    await s.app.request('/livez');
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 'info',
      instance: 'test-slot',
      reqId: 'lb-7f3a-0001',
      method: 'GET',
      route: '/livez',
      path: '/livez',
      status: 200,
    });
    expect(typeof logged[1]!.reqId).toBe('string');
    expect(logged[1]!.reqId).not.toBe('lb-7f3a-0001');
    expect(typeof logged[0]!.ms).toBe('number');
  });

  it('never carries a token, an SMS code or a phone in clear', async () => {
    lines.length = 0;
    const phone = '380671234567';
    await createMember(s, { phone });
    // Through the app with the logger (s.post goes through the app made before it).
    const post = (path: string, body: unknown, token?: string) =>
      s.app.request(path, {
        method: 'POST',
        headers: {
          'x-api-key': API_KEY,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    expect((await post('/api/api-auth/login-sms', { phone })).status).toBe(200);
    const code = await lastSmsCode(s, phone);
    const signed = (await (await post('/api/api-auth/confirm-sms', { phone, code })).json()) as { token: string };
    expect(signed.token).toBeTruthy();
    await s.app.request(`/dev/sms-outbox?phone=${phone}`, { headers: { 'x-api-key': API_KEY } });
    await post('/api/user/get-metafields', { id: 1 }, signed.token);
    await s.app.request(`/${phone}/${signed.token}`, { headers: { 'x-api-key': API_KEY } });
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(text).not.toContain(phone);
    expect(text).not.toContain(phone.slice(3));
    expect(text).not.toContain(signed.token);
    expect(text).not.toContain(`"${code}"`);
    expect(text).not.toContain(API_KEY);
  });
});
