import { Writable } from 'node:stream';
import { createLogger } from '../../../server/ops/log';
import { encodeLiqpay } from '../../../server/sandboxes/liqpay';
import { startFakeLiqpay, type FakeLiqpay } from '../../support/fake-liqpay';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { orderBody, placeOrder, product, withCatalogue } from './support';

/** The "real" LiqPay keys of a production-mode test server (its LiqPay is a local fake). */
export const LIVE = { publicKey: 'i000000003', privateKey: 'private-live-key', sandbox: false } as const;

/** A production server's environment with real LiqPay keys pointing at `fake`. */
export const liveEnv = (fake: FakeLiqpay): Record<string, string> => ({
  NODE_ENV: 'production',
  LIQPAY_PUBLIC_KEY: LIVE.publicKey,
  LIQPAY_PRIVATE_KEY: LIVE.privateKey,
  LIQPAY_API_URL: `${fake.origin}/api/request`,
  PUBLIC_URL: 'https://club.example',
  METRICS_TOKEN: 'scrape-token',
  // The request log stays off stdout; captureLog reads the payment lines.
  LOG_LEVEL: 'silent',
});

/** What a file on a production server with LiqPay a local fake works with. */
export interface LiveShop {
  s: TestServer;
  /** An adult member with the app. */
  m: TestMember;
  fake: FakeLiqpay;
}

/** For a file's `beforeAll`: LiqPay's fake, a production server with real keys pointing at it, the catalogue, a member. */
export async function openLiveShop(): Promise<LiveShop> {
  const fake = await startFakeLiqpay(LIVE.publicKey, LIVE.privateKey);
  const s = await makeTestServer({ env: liveEnv(fake) });
  await withCatalogue(s);
  return { s, m: await createMember(s, { tags: ['pwa_user', 'age_verified'] }), fake };
}

/** For the file's `afterAll`: the server, then the fake. */
export async function closeLiveShop({ s, fake }: Pick<LiveShop, 's' | 'fake'>): Promise<void> {
  await s.close();
  await fake.close();
}

export const decode = (data: string) =>
  JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;

export async function cardOrder(s: TestServer, m: TestMember) {
  const amber = await product(s, 'sticks-amber-20');
  return (await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id, quantity: 3 }], { payment: 2 }))).body
    .order as { id: number; order_number: number; total: number };
}

/** get-liqpay-link for the order: the provider order id of the attempt its link pays. */
export async function attemptOf(s: TestServer, m: TestMember, orderId: number): Promise<string> {
  const r = await s.post('/api/api-shop/get-liqpay-link', { orderId }, m.token);
  return String(decode(new URL(r.body.link as string).searchParams.get('data') ?? '').order_id);
}

/** LiqPay's signed server-to-server callback. */
export function callback(s: TestServer, orderId: string, status: string, amount: number) {
  const form = encodeLiqpay(LIVE, {
    version: 3,
    public_key: LIVE.publicKey,
    action: 'pay',
    order_id: orderId,
    status,
    amount,
    currency: 'UAH',
  });
  return s.app.request('/payments/liqpay/callback', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

export const attempts = (s: TestServer, orderId: number) =>
  s.deps.db.selectFrom('card_payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const financialStatus = async (s: TestServer, orderId: number) =>
  (await s.deps.db.selectFrom('orders').select('financial_status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .financial_status;

/**
 * An order paid twice at LiqPay: the first attempt declined (the app then gave a second link),
 * the second paid, then the payer tried again on the first attempt's page, which took the money
 * too. Answers the order, both attempts and the answer to the first attempt's late success.
 */
export async function paidTwice(s: TestServer, m: TestMember, fake: FakeLiqpay) {
  const order = await cardOrder(s, m);
  const first = await attemptOf(s, m, order.id);
  await callback(s, first, 'failure', order.total);
  const second = await attemptOf(s, m, order.id);
  fake.payments.set(second, { status: 'success', amount: order.total });
  await callback(s, second, 'success', order.total);
  fake.payments.set(first, { status: 'success', amount: order.total });
  const late = await callback(s, first, 'success', order.total);
  return { order, first, second, late };
}

/** The server's JSON log from now on, one parsed object a line. */
export function captureLog(s: TestServer): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  s.deps.log = createLogger({ level: 'info', name: 'test-slot', destination: sink });
  return lines;
}

/** One sample of a /metrics scrape (0 when absent). */
export async function metric(s: TestServer, series: string): Promise<number> {
  const text = await (await s.app.request('/metrics', { headers: { authorization: 'Bearer scrape-token' } })).text();
  return Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.split(' ')[1] ?? 0,
  );
}
