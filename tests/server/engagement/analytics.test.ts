import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsCalls } from '../../../src/contract/analytics';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';
import { addOrder } from '../cert-feedback/support';
import { HUGE_ID, analyticsRows, endSessions } from './support';

const DAY = 86_400_000;

let s: TestServer, a: TestMember, b: TestMember;
beforeAll(async () => ({ s, a, b } = await serverWithTwoMembers()));
afterAll(() => s.close());

const batToken = async (m: TestMember, server: TestServer = s): Promise<string> => {
  const r = await server.get('/api/analytics/get-bat-token', {}, m.token);
  expect(r.status).toBe(200);
  return r.body.token as string;
};
const post = (path: string, m: TestMember, body: unknown, idem?: string, server: TestServer = s) =>
  server.call('POST', `/api/analytics/${path}`, { body, token: m.token, idem });

/** A good request of each storing call for member `m`, and the kind of row it stores. */
async function goodCalls(
  m: TestMember,
  server: TestServer = s,
): Promise<Array<{ path: string; kind: string; body: Record<string, unknown> }>> {
  const order = await addOrder(server, m.glo.id);
  return [
    {
      path: 'send-bat-event',
      kind: 'bat-event',
      body: {
        event: 'page_view',
        token: await batToken(m, server),
        data: { customer_id: m.glo.id, page_url: '/shop' },
      },
    },
    { path: 'auth-bat', kind: 'auth-bat', body: { shopifyId: m.ogo.id, event: 'login', ogo: true } },
    {
      path: 'esputnik-add-contact',
      kind: 'esputnik-contact',
      body: {
        firstName: ' Ганна ',
        lastName: 'Петренко',
        shopifyId: m.glo.id,
        email: 'hanna@example.com',
        phone: m.phone,
      },
    },
    {
      path: 'pwa-add-order-info',
      kind: 'order-info',
      body: {
        transaction_id: order,
        shopify_id: m.glo.id,
        os_name: 'Android',
        os_version: '14',
        phone_brand: 'Google',
        phone_model: 'Pixel 8',
      },
    },
    {
      path: 'esputnik-event-login',
      kind: 'esputnik-login',
      body: { phone: m.phone, date: '2026-11-23T10:00:00.000Z' },
    },
    { path: 'esputnik-send-id', kind: 'esputnik-id', body: { id: m.glo.id, phone: m.phone, email: '' } },
  ];
}

describe('every storing analytics call (docs/api.md#analytics Analytics)', () => {
  it('covers every call of the contract but the token', async () => {
    const paths = (await goodCalls(a)).map((c) => `/api/analytics/${c.path}`);
    const storing = Object.values(analyticsCalls)
      .filter((c) => c.mutation)
      .map((c) => c.path);
    expect(new Set(paths)).toEqual(new Set(storing));
    expect(analyticsCalls.getBatToken.mutation).toBe(false);
  });

  it('stores one analytics_events row of its own kind per call, and answers its id', async () => {
    const m = await createMember(s);
    for (const c of await goodCalls(m)) {
      const before = (await analyticsRows(s, m.id)).length;
      const r = await post(c.path, m, c.body);
      expect(r.status, c.path).toBe(200);
      const rows = await analyticsRows(s, m.id);
      expect(rows, c.path).toHaveLength(before + 1);
      const row = rows[rows.length - 1];
      expect(r.body).toEqual({ ok: true, id: row?.id });
      expect(row?.kind, c.path).toBe(c.kind);
      expect(row?.created_at).toBe(s.clock.now().toISOString());
    }
    const rows = await analyticsRows(s, m.id);
    expect(rows.map((r) => r.event)).toEqual(['page_view', 'login', 'add-contact', 'order-info', 'login', 'send-id']);
    expect(JSON.parse(rows[0]?.payload ?? '{}')).toEqual({
      data: { customer_id: m.glo.id, page_url: '/shop' },
      ogo: false,
    });
    expect(JSON.parse(rows[2]?.payload ?? '{}')).toMatchObject({
      firstName: 'Ганна',
      phone: m.phone,
      email: 'hanna@example.com',
    });
  });

  it('stores a call once however often it is replayed under the same Idempotency-Key', async () => {
    const m = await createMember(s);
    for (const c of await goodCalls(m)) {
      const key = randomUUID();
      const before = (await analyticsRows(s, m.id)).length;
      const first = await post(c.path, m, c.body, key);
      const again = await post(c.path, m, c.body, key);
      const third = await post(c.path, m, c.body, key);
      expect(first.status, c.path).toBe(200);
      expect(again.body, c.path).toEqual(first.body);
      expect(third.headers.get('idempotent-replayed'), c.path).toBe('true');
      expect(await analyticsRows(s, m.id), c.path).toHaveLength(before + 1);
      // The same key with another body is a different request: refused, nothing stored.
      expect((await post(c.path, m, { ...c.body, extra: 1, phone: '380000000000' }, key)).status, c.path).toBe(422);
      expect(await analyticsRows(s, m.id), c.path).toHaveLength(before + 1);
    }
  });

  it('answers 400 bad_json for broken JSON, and 401 for a dead bearer, storing nothing', async () => {
    const m = await createMember(s);
    const calls = await goodCalls(m);
    for (const c of calls) {
      const broken = await s.post(`/api/analytics/${c.path}`, '{"event":', m.token);
      expect(broken.status, c.path).toBe(400);
      expect(broken.body.error.code).toBe('bad_json');
    }
    await endSessions(s, m);
    for (const c of calls) {
      const r = await post(c.path, m, c.body);
      expect(r.status, c.path).toBe(401);
      expect(r.body.error.code).toBe('unauthenticated');
    }
    expect((await s.get('/api/analytics/get-bat-token', {}, m.token)).status).toBe(401);
    expect(await analyticsRows(s, m.id)).toHaveLength(0);
  });
});

describe('analytics token: get-bat-token and send-bat-event (docs/api.md#analytics, docs/rules.md#error-reactions)', () => {
  it('issues a 24-hour token that works until it expires; a dead one is 401 analytics_unauthenticated', async () => {
    const m = await createMember(s);
    const r = await s.get('/api/analytics/get-bat-token', {}, m.token);
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.expired_at) - s.clock.now().getTime()).toBe(DAY);
    const event = (token: string) =>
      post('send-bat-event', m, { event: 'page_view', token, data: { customer_id: m.glo.id, page_url: '/' } });
    s.clock.advance(DAY - 1000);
    expect((await event(r.body.token)).status).toBe(200);
    s.clock.advance(1000);
    const dead = await event(r.body.token);
    expect(dead.status).toBe(401);
    // Not the sign-in code: the app clears only its analytics token flag (docs/rules.md#error-reactions) and fetches a new one.
    expect(dead.body.error.code).toBe('analytics_unauthenticated');
    expect(await analyticsRows(s, m.id)).toHaveLength(1);
    expect((await event(await batToken(m))).status).toBe(200);
    expect(await analyticsRows(s, m.id)).toHaveLength(2);
  });

  it('refuses another member’s token, a token of another scope and a made-up one with 401', async () => {
    const bTok = await batToken(b);
    const feedback = (await s.get('/api/feedback/get-auth', {}, a.token)).body.token as string;
    for (const token of [bTok, feedback, a.token, 'made-up']) {
      const r = await post('send-bat-event', a, { event: 'x', token, data: { customer_id: a.glo.id, page_url: '/' } });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('analytics_unauthenticated');
    }
    expect(await analyticsRows(s, a.id)).toHaveLength(0);
  });

  it('answers 400 naming the field for a bad event', async () => {
    const token = await batToken(a);
    for (const [body, field] of [
      [{ token, data: { customer_id: a.glo.id, page_url: '/' } }, 'event'],
      [{ event: '', token, data: { customer_id: a.glo.id, page_url: '/' } }, 'event'],
      [{ event: 'e'.repeat(101), token, data: { customer_id: a.glo.id, page_url: '/' } }, 'event'],
      [{ event: 'x', data: { customer_id: a.glo.id, page_url: '/' } }, 'token'],
      [{ event: 'x', token }, 'data'],
      [{ event: 'x', token, data: { page_url: '/' } }, 'data.customer_id'],
      [{ event: 'x', token, data: { customer_id: HUGE_ID, page_url: '/' } }, 'data.customer_id'],
      [{ event: 'x', token, data: { customer_id: a.glo.id, page_url: '/'.repeat(2001) } }, 'data.page_url'],
      [{ event: 'x', token, data: { customer_id: a.glo.id, page_url: '/' }, ogo: 'true' }, 'ogo'],
    ] as const) {
      const r = await post('send-bat-event', a, body);
      expect(r.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
  });
});

describe('analytics: the member’s own records, orders and phone only', () => {
  it('refuses another member’s record (403) and an unknown one (404) in every call that names one', async () => {
    const token = await batToken(a);
    const order = await addOrder(s, a.glo.id);
    const bodies = (customer: number) =>
      [
        ['send-bat-event', { event: 'x', token, data: { customer_id: customer, page_url: '/' } }],
        ['auth-bat', { shopifyId: customer, event: 'login' }],
        ['esputnik-add-contact', { firstName: 'А', lastName: 'Б', shopifyId: customer, email: '', phone: a.phone }],
        [
          'pwa-add-order-info',
          {
            transaction_id: order,
            shopify_id: customer,
            os_name: '',
            os_version: '',
            phone_brand: '',
            phone_model: '',
          },
        ],
        ['esputnik-send-id', { id: customer, phone: a.phone, email: '' }],
      ] as const;
    for (const [path, body] of bodies(b.glo.id)) {
      const r = await post(path, a, body);
      expect(r.status, path).toBe(403);
      expect(r.body.error.code).toBe('not_owner');
    }
    for (const [path, body] of bodies(99_999_999)) expect((await post(path, a, body)).status, path).toBe(404);
    expect(await analyticsRows(s, a.id)).toHaveLength(0);
  });

  it('pwa-add-order-info: refuses another member’s order (403), another record’s, an unknown one (404); cuts texts at 500 (docs/rules.md#constants)', async () => {
    const theirs = await addOrder(s, b.glo.id);
    const ogoOrder = await addOrder(s, a.ogo.id, { variant: 'ogo' });
    const info = (transaction_id: number) => ({
      transaction_id,
      shopify_id: a.glo.id,
      os_name: 'iOS',
      os_version: '17',
      phone_brand: 'Apple',
      phone_model: 'iPhone',
    });
    expect((await post('pwa-add-order-info', a, info(theirs))).status).toBe(403);
    expect((await post('pwa-add-order-info', a, info(ogoOrder))).status).toBe(403);
    expect((await post('pwa-add-order-info', a, info(99_999_999))).status).toBe(404);
    const huge = await post('pwa-add-order-info', a, info(HUGE_ID));
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toContain('«transaction_id»');
    const mine = await addOrder(s, a.glo.id);
    const long = `Mozilla/5.0 ${'x'.repeat(3000)}`;
    const r = await post('pwa-add-order-info', a, {
      ...info(mine),
      os_name: long,
      phone_model: `  ${'😀'.repeat(300)}`,
    });
    expect(r.status).toBe(200);
    const payload = JSON.parse((await analyticsRows(s, a.id)).at(-1)?.payload ?? '{}');
    expect(payload.os_name).toBe(long.slice(0, 500));
    expect(payload.phone_model).toBe('😀'.repeat(250));
    expect((await post('pwa-add-order-info', a, { ...info(mine), os_name: 'x'.repeat(4001) })).status).toBe(400);
  });

  it('esputnik-event-login: takes the member’s own phone in any spelling, refuses another member’s (403)', async () => {
    const local = `0${a.phone.slice(3)}`;
    const spaced = `+${a.phone.slice(0, 3)} (${a.phone.slice(3, 5)}) ${a.phone.slice(5, 8)}-${a.phone.slice(8, 10)}-${a.phone.slice(10)}`;
    for (const phone of [a.phone, spaced, local, `+${a.phone}`]) {
      const r = await post('esputnik-event-login', a, { phone, date: '2026-11-23T10:00:00.000Z' });
      expect(r.status, phone).toBe(200);
    }
    const stored = (await analyticsRows(s, a.id))
      .filter((r) => r.kind === 'esputnik-login')
      .map((r) => JSON.parse(r.payload).phone);
    expect(new Set(stored)).toEqual(new Set([a.phone]));
    const before = (await analyticsRows(s, a.id)).length;
    for (const phone of [b.phone, `0${b.phone.slice(3)}`, '380500000001']) {
      const r = await post('esputnik-event-login', a, { phone, date: '2026-11-23' });
      expect(r.status, phone).toBe(403);
      expect(r.body.error.code).toBe('not_owner');
    }
    expect(await analyticsRows(s, a.id)).toHaveLength(before);
  });

  it('answers 400 naming the field for bad phones, e-mails, names and dates', async () => {
    for (const [path, body, field] of [
      ['esputnik-event-login', { phone: a.phone }, 'date'],
      ['esputnik-event-login', { phone: a.phone, date: 'вчора' }, 'date'],
      ['esputnik-event-login', { phone: a.phone, date: '2026-13-40' }, 'date'],
      ['esputnik-event-login', { phone: a.phone, date: '2026-02-30T10:00:00Z' }, 'date'],
      ['esputnik-event-login', { date: '2026-11-23' }, 'phone'],
      ['esputnik-event-login', { phone: 380671000000, date: '2026-11-23' }, 'phone'],
      [
        'esputnik-add-contact',
        { firstName: 'А', lastName: 'Б', shopifyId: a.glo.id, email: 'not-an-email', phone: a.phone },
        'email',
      ],
      [
        'esputnik-add-contact',
        { firstName: 'А'.repeat(101), lastName: 'Б', shopifyId: a.glo.id, email: '', phone: a.phone },
        'firstName',
      ],
      ['esputnik-add-contact', { firstName: 'А', shopifyId: a.glo.id, email: '', phone: a.phone }, 'lastName'],
      ['esputnik-send-id', { id: '1', phone: a.phone, email: '' }, 'id'],
      ['esputnik-send-id', { id: a.glo.id, phone: '1'.repeat(33), email: '' }, 'phone'],
      ['auth-bat', { shopifyId: a.glo.id }, 'event'],
      ['auth-bat', { shopifyId: 0, event: 'login' }, 'shopifyId'],
    ] as const) {
      const r = await post(path, a, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    for (const [path, body] of [
      ['esputnik-event-login', { phone: '12345', date: '2026-11-23' }],
      ['esputnik-add-contact', { firstName: 'А', lastName: 'Б', shopifyId: a.glo.id, email: '', phone: 'нема' }],
      ['esputnik-send-id', { id: a.glo.id, phone: '', email: '' }],
    ] as const) {
      const r = await post(path, a, body);
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe('invalid_phone');
    }
  });
});

describe('forwarding to ANALYTICS_FORWARD_URL (only when configured)', () => {
  let sink: Server;
  let url: string;
  const received: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    sink = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(JSON.parse(text) as Record<string, unknown>);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/collect`;
  });
  afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

  const settle = async (count: number) => {
    for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 20));
    // A little longer, so that an extra forward would have arrived too.
    await new Promise((r) => setTimeout(r, 100));
  };

  it('forwards each stored event once, as stored, and nothing from a server without the setting', async () => {
    const quiet = await makeTestServer();
    const loud = await makeTestServer({ env: { ANALYTICS_FORWARD_URL: url } });
    try {
      const q = await createMember(quiet);
      for (const c of await goodCalls(q, quiet))
        expect((await post(c.path, q, c.body, undefined, quiet)).status).toBe(200);
      const m = await createMember(loud);
      const calls = await goodCalls(m, loud);
      const key = randomUUID();
      for (const c of calls)
        expect((await post(c.path, m, c.body, c.path === 'auth-bat' ? key : undefined, loud)).status).toBe(200);
      const authBody = calls.find((c) => c.path === 'auth-bat')?.body;
      expect((await post('auth-bat', m, authBody, key, loud)).headers.get('idempotent-replayed')).toBe('true');
      await settle(calls.length);
      expect(received).toHaveLength(calls.length);
      const rows = await analyticsRows(loud, m.id);
      expect(received.map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect(received.map((r) => r.kind)).toEqual(calls.map((c) => c.kind));
      expect(received[1]).toEqual({
        id: rows[1]?.id,
        kind: 'auth-bat',
        event: 'login',
        payload: JSON.parse(rows[1]?.payload ?? '{}'),
        created_at: rows[1]?.created_at,
      });
    } finally {
      await quiet.close();
      await loud.close();
    }
  });

  it('stores and answers without waiting for a forward target that never answers', async () => {
    // The target takes the request and holds it open: a call that waited for it would never return.
    const held: Array<import('node:http').ServerResponse> = [];
    let arrived!: () => void;
    const forwarded = new Promise<void>((r) => (arrived = r));
    const hang = createServer((_req, res) => {
      held.push(res);
      arrived();
    });
    await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
    const port = (hang.address() as AddressInfo).port;
    const slow = await makeTestServer({ env: { ANALYTICS_FORWARD_URL: `http://127.0.0.1:${port}/hang` } });
    try {
      const m = await createMember(slow);
      const r = await post('auth-bat', m, { shopifyId: m.glo.id, event: 'login' }, undefined, slow);
      expect(r.status).toBe(200);
      expect(await analyticsRows(slow, m.id)).toHaveLength(1);
      await forwarded;
      expect(held).toHaveLength(1);
      expect(held[0]?.writableEnded).toBe(false);
    } finally {
      for (const res of held) res.end();
      await slow.close();
      await new Promise<void>((resolve) => hang.close(() => resolve()));
    }
  });
});
