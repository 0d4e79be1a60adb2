import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { seedCertCatalogue } from '../../../server/seed/cert-feedback';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';
import type { TestMember } from '../../support/members';
import { insertOrder } from '../../support/orders';

/** A fresh server with the certificate catalogue: ТехноСвіт's id and the XP price of its 500 UAH nominal. */
export async function certServer(): Promise<{ s: TestServer; partnerId: number; price500: number }> {
  const s = await makeTestServer();
  await seedCertCatalogue(s.deps);
  const db = s.deps.db;
  const { id: partnerId } = await db
    .selectFrom('cert_partners')
    .select('id')
    .where('name', '=', 'ТехноСвіт')
    .executeTakeFirstOrThrow();
  const { xp_price: price500 } = await db
    .selectFrom('cert_nominals')
    .select('xp_price')
    .where('partner_id', '=', partnerId)
    .where('nominal', '=', 500)
    .executeTakeFirstOrThrow();
  return { s, partnerId, price500 };
}

/** The current UTC hour as the app sends it to cert/get-auth: '2026-11-23T10:00'. */
export function currentHour(s: TestServer): string {
  return `${s.clock.now().toISOString().slice(0, 13)}:00`;
}

/** A live certificate token of the member. */
export async function certToken(s: TestServer, m: TestMember): Promise<string> {
  const r = await s.post('/api/cert/get-auth', { date: currentHour(s), hourly: true }, m.token);
  if (r.status !== 200) throw new Error(`get-auth ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.token as string;
}

export async function feedbackToken(s: TestServer, m: TestMember): Promise<string> {
  const r = await s.get('/api/feedback/get-auth', {}, m.token);
  if (r.status !== 200) throw new Error(`feedback get-auth ${r.status}`);
  return r.body.token as string;
}

export async function register(s: TestServer, m: TestMember, token: string) {
  return s.post(
    '/api/cert/regist',
    { email: `${m.phone}@example.com`, first_name: 'Олена', last_name: 'Коваль', token },
    m.token,
  );
}

/** An order straight in the table, delivered unless told otherwise. */
export function addOrder(
  s: TestServer,
  customerId: number,
  opts: { variant?: 'glo' | 'ogo'; fulfilled?: boolean; financial?: string } = {},
): Promise<number> {
  return insertOrder(s, customerId, {
    variant: opts.variant ?? 'glo',
    financial_status: opts.financial ?? 'paid',
    fulfillment_status: opts.fulfilled === false ? null : 'fulfilled',
    total: 129_900,
  });
}

export function pngBytes(): Uint8Array {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(200);
  return new Uint8Array(PNG.sync.write(png));
}

export function jpegBytes(): Uint8Array {
  const data = Buffer.alloc(8 * 8 * 4, 128);
  return new Uint8Array(jpeg.encode({ data, width: 8, height: 8 }, 80).data);
}

/** RIFF....WEBPVP8 header with a body: enough for a content-type check. */
export function webpBytes(): Uint8Array {
  const b = Buffer.alloc(64, 7);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(56, 4);
  b.write('WEBPVP8 ', 8, 'ascii');
  return new Uint8Array(b);
}

/** POST /api/feedback/send as multipart, as the app sends it. */
export async function sendFeedback(
  s: TestServer,
  m: TestMember,
  opts: {
    query: Record<string, string>;
    fields: Record<string, string>;
    files?: Array<{ bytes: Uint8Array; name: string; type?: string }>;
    idem?: string;
  },
): Promise<Pick<Awaited<ReturnType<TestServer['post']>>, 'status' | 'body'>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields)) form.append(k, v);
  for (const f of opts.files ?? [])
    form.append('photos', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name);
  const headers: Record<string, string> = { 'x-api-key': API_KEY, authorization: `Bearer ${m.token}` };
  if (opts.idem) headers['idempotency-key'] = opts.idem;
  const res = await s.app.request(`/api/feedback/send?${new URLSearchParams(opts.query).toString()}`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
