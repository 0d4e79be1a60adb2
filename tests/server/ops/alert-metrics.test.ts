import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LimitedIncoming } from '../../../server/http/node-listener';
import { createMetrics } from '../../../server/ops/metrics';
import { metricSample } from '../../support/metrics';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';

/*
 * The metrics deploy/alerts.yml needs beyond the requests': the SMS budget (codes sent in the last
 * hour by all instances against SMS_PER_HOUR, refusals by limit) and each instance's readiness,
 * which a scrape still reports while the database is away.
 */
let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer({ env: { METRICS_TOKEN: 'scrape', SMS_PER_CLIENT_PER_HOUR: '5', SMS_PER_HOUR: '12' } });
});
afterAll(() => s.close());

const scrape = async () => {
  const r = await s.app.request('/metrics', { headers: { authorization: 'Bearer scrape' } });
  expect(r.status).toBe(200);
  return r.text();
};
/** NaN when the series is missing: no figure then matches it. */
const sample = (text: string, series: string) => metricSample(text, series, NaN);

let nextPhone = 380932000000;
/** A registration (one SMS code) from a client address. */
async function register(address: string): Promise<number> {
  const phone = String(nextPhone++);
  const env = { incoming: { socket: { remoteAddress: address } } as unknown as LimitedIncoming };
  const body = JSON.stringify({
    first_name: 'Нова',
    last_name: 'Учасниця',
    email: `${phone}@example.com`,
    phone,
    adult_confirmed: true,
  });
  const r = await s.app.request(
    '/api/api-auth/registration',
    { method: 'POST', headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' }, body },
    env,
  );
  return r.status;
}

describe('SMS budget metrics', () => {
  it('count the codes sent in the hour against SMS_PER_HOUR, and the refusals by the limit that refused them', async () => {
    const before = await scrape();
    expect(sample(before, 'club_sms_budget_per_hour')).toBe(12);
    expect(sample(before, 'club_sms_budget_used')).toBe(0);

    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push(await register('198.51.100.1'));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    let text = await scrape();
    expect(sample(text, 'club_sms_budget_used')).toBe(5);
    expect(sample(text, 'club_sms_refused_total{limit="client"}')).toBe(2);

    for (let i = 0; i < 5; i += 1) expect(await register('198.51.100.2')).toBe(200);
    expect([await register('198.51.100.3'), await register('198.51.100.3'), await register('198.51.100.3')]).toEqual([
      200, 200, 429,
    ]);
    text = await scrape();
    expect(sample(text, 'club_sms_budget_used')).toBe(12);
    expect(sample(text, 'club_sms_refused_total{limit="global"}')).toBe(1);
    expect(sample(text, 'club_sms_refused_total{limit="client"}')).toBe(2);
  });
});

describe('readiness metric', () => {
  it('is 1 while /readyz answers 200 and 0 while it answers 503 (draining)', async () => {
    expect(sample(await scrape(), 'club_ready')).toBe(1);
    s.deps.lifecycle!.draining = true;
    try {
      expect((await s.app.request('/readyz')).status).toBe(503);
      expect(sample(await scrape(), 'club_ready')).toBe(0);
    } finally {
      s.deps.lifecycle!.draining = false;
    }
  });

  it('is scraped while the database is away: the readings from it keep their last value, the scrape answers', async () => {
    const m = createMetrics();
    let up = true;
    const fromDatabase =
      <T>(value: T) =>
      () =>
        up ? Promise.resolve(value) : Promise.reject(new Error('connection refused'));
    m.watchSmsBudget(100, fromDatabase(7));
    m.watchRefunds(fromDatabase({ refund_due: 2 }));
    m.watchReadiness(async () => up);
    expect(sample(await m.registry.metrics(), 'club_sms_budget_used')).toBe(7);
    up = false;
    const text = await m.registry.metrics();
    expect(sample(text, 'club_ready')).toBe(0);
    expect(sample(text, 'club_sms_budget_used')).toBe(7);
    expect(sample(text, 'club_payment_refunds_open{status="refund_due"}')).toBe(2);
  });
});
