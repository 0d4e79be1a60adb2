import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REGISTRATION_XP } from '../../../src/domain/xp/device-registration';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer, PRODUCTION_ENV } from '../../support/server';
import { registrySerials } from './devices-support';
import { balanceOf, ledgerOf } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { xp: 50 });
  b = await createMember(s);
  await registrySerials(s, [
    { serial: 'AB12CD34EF56', model: 'Пристрій  Плюс' },
    { serial: 'RACE0000001', model: 'Міні', variant: 'ogo' },
    { serial: 'GLO2SECOND', model: 'glo Пристрій Про' },
  ]);
});
afterAll(() => s.close());

const register = (m: TestMember, body: Record<string, unknown>) => s.post('/api/register-device', body, m.token);
const devices = (m: TestMember, query: Record<string, string> = {}) => s.get('/api/get-devices', query, m.token);

describe('register-device: a serial registers once, with a one-off XP bonus', () => {
  it('registers a new serial, normalised, and awards the bonus through the ledger', async () => {
    const r = await register(a, { serial: 'ab12-cd34 ef56', model: 'Пристрій  Плюс' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ awarded: DEVICE_REGISTRATION_XP, balance: 50 + DEVICE_REGISTRATION_XP });
    expect(r.body.device).toMatchObject({
      serial: 'AB12CD34EF56',
      model: 'Пристрій Плюс',
      title: 'glo Пристрій Плюс',
      variant: 'glo',
      registered_at: s.clock.now().toISOString(),
    });
    expect(await ledgerOf(s, a.glo.id)).toEqual([
      expect.objectContaining({
        amount: DEVICE_REGISTRATION_XP,
        reason: 'device',
        ref: 'device:AB12CD34EF56',
        title: 'Реєстрація пристрою glo Пристрій Плюс',
      }),
    ]);
  });

  it('answers the same device and awards nothing when its owner registers it again', async () => {
    const r = await register(a, { serial: 'AB12CD34EF56', model: 'Інша назва' });
    expect(r.status).toBe(200);
    expect(r.body.awarded).toBe(0);
    expect(r.body.device.title).toBe('glo Пристрій Плюс');
    expect(await balanceOf(s, a.glo.id)).toBe(50 + DEVICE_REGISTRATION_XP);
    expect(await ledgerOf(s, a.glo.id)).toHaveLength(1);
  });

  it('refuses a serial another member registered: 409, nothing awarded', async () => {
    const r = await register(b, { serial: 'AB12-CD34-EF56', model: 'Пристрій Плюс' });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('device_taken');
    expect(await balanceOf(s, b.glo.id)).toBe(0);
  });

  it('registers one owner when two members send the same new serial at once', async () => {
    const results = await Promise.all([
      register(a, { serial: 'RACE0000001', model: 'Міні', ogo: true }),
      register(b, { serial: 'RACE0000001', model: 'Міні', ogo: true }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await s.deps.db.selectFrom('xp_ledger').select('id').where('ref', '=', 'device:RACE0000001').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a malformed serial or model with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ serial: 'short', model: 'Плюс' }, 'serial'],
      [{ serial: 'АБВГДЕЖЗ12', model: 'Плюс' }, 'serial'],
      [{ serial: 'GOODSERIAL1', model: '' }, 'model'],
      [{ serial: 'X'.repeat(41), model: 'Плюс' }, 'serial'],
      [{ model: 'Плюс' }, 'serial'],
    ] as const) {
      const r = await register(a, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    expect((await s.post('/api/register-device', { serial: 'GOODSERIAL1', model: 'Плюс' })).status).toBe(401);
  });
});

describe('get-devices (docs/api.md#shop: code, data.asset)', () => {
  it('lists the member’s devices of the variant, newest first', async () => {
    s.clock.advance(60_000);
    await register(a, { serial: 'GLO2SECOND', model: 'glo Пристрій Про' });
    const glo = await devices(a);
    expect(glo.status).toBe(200);
    expect(glo.body.code).toBe(200);
    expect(glo.body.data.asset.map((d: { serial: string }) => d.serial)).toEqual(['GLO2SECOND', 'AB12CD34EF56']);
    expect(glo.body.data.asset[0].title).toBe('glo Пристрій Про');
    // The ogo serial went to whichever of the two racing members came first (above): it is on that
    // member's ogo list, on nobody else's, and on no glo list.
    const ogoOf = async (m: TestMember) =>
      (await devices(m, { ogo: 'true' })).body.data.asset.map((d: { serial: string; title: string }) => [
        d.serial,
        d.title,
      ]);
    const [ofA, ofB] = [await ogoOf(a), await ogoOf(b)];
    expect([...ofA, ...ofB]).toEqual([['RACE0000001', 'ogo Міні']]);
  });

  it('shows nobody else’s devices, and refuses a bad flag with 400', async () => {
    const r = await devices(b);
    expect(r.body.data.asset).toEqual([]);
    const bad = await devices(a, { ogo: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('«ogo»');
    expect((await s.get('/api/get-devices')).status).toBe(401);
  });
});

describe('the free demo serials outside production (GET /dev/device-serials.json)', () => {
  it('lists the registry’s serials nobody has registered', async () => {
    const r = await s.app.request('/dev/device-serials.json');
    expect(r.status).toBe(200);
    const { serials } = (await r.json()) as { serials: Array<{ serial: string; model: string; variant: string }> };
    expect(serials.map((x) => x.serial)).toEqual([]);
    await s.deps.db
      .insertInto('device_registry')
      .values({
        serial: 'FREE0000001',
        model: 'Пристрій Міні',
        variant: 'ogo',
        source: 'test',
        created_at: s.clock.now().toISOString(),
      })
      .execute();
    const again = (await (await s.app.request('/dev/device-serials.json')).json()) as { serials: unknown[] };
    expect(again.serials).toEqual([{ serial: 'FREE0000001', model: 'Пристрій Міні', variant: 'ogo' }]);
  });

  it('is not there in production', async () => {
    const p = await makeTestServer({ env: { ...PRODUCTION_ENV, CHECK_RESPONSES: 'true' } });
    try {
      expect((await p.app.request('/dev/device-serials.json')).status).toBe(404);
    } finally {
      await p.close();
    }
  });
});
