import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCarrier } from '../../../server/seed/np-branches';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { addOrder } from './support';

// The clock stands at 23 Nov 2026, 10:00 UTC: 12:00 in Kyiv.
let s: TestServer;
let a: TestMember;
let b: TestMember;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  s = await makeTestServer();
  await seedCarrier(s.deps);
  a = await createMember(s);
  b = await createMember(s);
  tokenA = (await s.post('/api/ipost/auth', {}, a.token)).body.token;
  tokenB = (await s.post('/api/ipost/auth', {}, b.token)).body.token;
});
afterAll(() => s.close());

const requests = () => s.deps.db.selectFrom('ipost_requests').selectAll().execute();

describe('ipost/auth -> token, expired_at (docs/api.md#delivery)', () => {
  it('issues a token of scope ipost for a day', async () => {
    const r = await s.post('/api/ipost/auth', {}, a.token);
    expect(r.status).toBe(200);
    expect(typeof r.body.token).toBe('string');
    expect(Date.parse(r.body.expired_at) - s.clock.now().getTime()).toBe(86_400_000);
    expect((await s.post('/api/ipost/auth', {})).status).toBe(401);
  });
});

describe('ipost/city-available {token, city} (docs/api.md#delivery; docs/rules.md#error-reactions unavailable city -> delivery 1)', () => {
  const available = (city: string, token = tokenA, m = a) =>
    s.post('/api/ipost/city-available', { token, city }, m.token);

  it('says yes for a served city, by name, label, Latin spelling or carrier ref', async () => {
    const kyiv = (await s.get('/api/delivery/np/cities', { query: 'Київ' }, a.token)).body.cities[0];
    for (const city of ['Київ', 'київ', 'м. Київ, Київська обл.', 'Kyiv', kyiv.value, kyiv.city_id]) {
      const r = await available(city);
      expect(r.status, city).toBe(200);
      expect(r.body).toMatchObject({ available: true, city: 'Київ' });
    }
    expect((await available('Львів')).body.cities).toEqual(['Київ', 'Львів', 'Одеса', 'Дніпро', 'Харків']);
  });

  it('says no (200, available false) for a city the courier does not serve', async () => {
    for (const city of ['Вінниця', 'Запоріжжя', 'Атлантида']) {
      expect((await available(city)).body).toMatchObject({ available: false, city: null });
    }
  });

  it('needs the caller’s own live ipost token: 401 for a dead one, 403 for someone else’s', async () => {
    const dead = await available('Київ', 'no-such-token');
    expect(dead.status).toBe(401);
    expect(dead.body.error.code).toBe('ipost_unauthenticated');
    const foreign = await available('Київ', tokenB);
    expect(foreign.status).toBe(403);
    // A token of another scope is not an ipost token.
    const bat = (await s.get('/api/analytics/get-bat-token', {}, a.token)).body.token;
    expect((await available('Київ', bat)).status).toBe(401);
    expect((await s.post('/api/ipost/city-available', { token: tokenA, city: 'Київ' })).status).toBe(401);
  });

  it('refuses bad fields with 400', async () => {
    for (const body of [
      { token: tokenA },
      { token: tokenA, city: '' },
      { token: tokenA, city: 'x'.repeat(101) },
      { city: 'Київ' },
    ]) {
      expect((await s.post('/api/ipost/city-available', body, a.token)).status).toBe(400);
    }
  });
});

describe('ipost/send-address (docs/api.md#delivery, docs/rules.md#states: after a send the app resets delivery to 1)', () => {
  let order: number;
  beforeAll(async () => {
    order = await addOrder(s, a.ogo.id);
  });
  const base = () => ({
    token: tokenA,
    city: 'Київ',
    street: 'вул. Велика Васильківська, 72',
    flat: '15',
    delivery_date: '2026-11-24',
    delivery_time_from: '12:00',
    delivery_time_to: '15:00',
    order_id: order,
    comment: 'Домофон 15',
  });
  const send = (body: Record<string, unknown>, m = a) => s.post('/api/ipost/send-address', body, m.token);

  it('books the courier for the member’s own order and stores the request', async () => {
    const r = await send(base());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      status: 'scheduled',
      city: 'Київ',
      delivery_date: '2026-11-24',
      delivery_time_from: '12:00',
      delivery_time_to: '15:00',
    });
    expect(r.body.tracking).toMatch(/^IP-[0-9A-F]{10}$/);
    const rows = await requests();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      order_id: order,
      member_id: a.id,
      street: 'вул. Велика Васильківська, 72',
      flat: '15',
      comment: 'Домофон 15',
    });
  });

  it('sending again reschedules the same request and keeps the courier reference', async () => {
    const first = (await requests())[0]!;
    const r = await send({
      ...base(),
      delivery_date: '2026-11-23',
      delivery_time_from: '16:00',
      delivery_time_to: '18:00',
      city: 'kyiv',
    });
    expect(r.status).toBe(200);
    expect(r.body.tracking).toBe(first.tracking);
    const rows = await requests();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delivery_date: '2026-11-23', time_from: '16:00', time_to: '18:00' });
  });

  it('refuses a city the courier does not serve with 422 ipost_city_unavailable', async () => {
    const r = await send({ ...base(), city: 'Вінниця' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('ipost_city_unavailable');
  });

  it('refuses windows in the past, too far ahead, reversed or outside working hours with 422', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ delivery_date: '2026-11-22' }, 'ipost_date_past'],
      [{ delivery_date: '2026-11-23', delivery_time_from: '10:00', delivery_time_to: '13:00' }, 'ipost_window_past'],
      [{ delivery_date: '2026-12-01' }, 'ipost_date_too_far'],
      [{ delivery_time_from: '15:00', delivery_time_to: '12:00' }, 'ipost_window_invalid'],
      [{ delivery_time_from: '12:00', delivery_time_to: '12:00' }, 'ipost_window_invalid'],
      [{ delivery_time_from: '07:00', delivery_time_to: '10:00' }, 'ipost_outside_hours'],
      [{ delivery_time_from: '19:00', delivery_time_to: '22:30' }, 'ipost_outside_hours'],
      [{ delivery_time_from: '12:00', delivery_time_to: '12:30' }, 'ipost_window_short'],
      [{ delivery_date: '2026-02-30' }, 'ipost_date_invalid'],
      [{ delivery_time_from: '25:00' }, 'ipost_time_invalid'],
    ];
    const before = JSON.stringify(await requests());
    for (const [patch, code] of cases) {
      const r = await send({ ...base(), ...patch });
      expect(r.status, JSON.stringify(patch)).toBe(422);
      expect(r.body.error.code).toBe(code);
    }
    // The last day of the 7 allowed is fine.
    expect(JSON.stringify(await requests())).toBe(before);
    expect((await send({ ...base(), delivery_date: '2026-11-30' })).status).toBe(200);
  });

  it('refuses someone else’s order with 403 and an unknown one with 404', async () => {
    const foreign = await send({ ...base(), token: tokenB }, b);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('not_owner');
    expect((await send({ ...base(), order_id: 999_999 })).status).toBe(404);
    expect((await requests()).every((r) => r.member_id === a.id)).toBe(true);
  });

  it('refuses another member’s ipost token with 403 and a dead one with 401', async () => {
    expect((await send({ ...base(), token: tokenB })).status).toBe(403);
    expect((await send({ ...base(), token: 'nope' })).status).toBe(401);
  });

  it('refuses an order already delivered or refunded with 422', async () => {
    const delivered = await addOrder(s, a.ogo.id, { fulfilled: true });
    const refunded = await addOrder(s, a.ogo.id, { financial: 'refunded' });
    for (const id of [delivered, refunded]) {
      const r = await send({ ...base(), order_id: id });
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('order_closed');
    }
  });

  it('refuses bad fields with 400', async () => {
    const bads: Array<Record<string, unknown>> = [
      { street: '' },
      { street: 'x'.repeat(201) },
      { flat: 'x'.repeat(21) },
      { delivery_date: '24.11.2026' },
      { delivery_time_from: '9:00' },
      { order_id: 'first' },
      { order_id: 0 },
      { comment: 'x'.repeat(501) },
      { city: '' },
    ];
    for (const patch of bads) expect((await send({ ...base(), ...patch })).status, JSON.stringify(patch)).toBe(400);
    expect((await s.post('/api/ipost/send-address', base())).status).toBe(401);
  });

  it('replays a retried send (the app retries once after 1 s) with the same Idempotency-Key', async () => {
    const other = await addOrder(s, a.ogo.id);
    const body = { ...base(), order_id: other };
    const first = await s.call('POST', '/api/ipost/send-address', { body, token: a.token, idem: 'ipost-retry-001' });
    const again = await s.call('POST', '/api/ipost/send-address', { body, token: a.token, idem: 'ipost-retry-001' });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
