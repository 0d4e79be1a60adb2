import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REGISTRATION_XP } from '../../../src/domain/xp/device-registration';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { registrySerials } from './devices-support';
import { balanceOf, ledgerOf } from './support';

// "made-up device serials earn XP without limit". Forty serials of the right
// form raised a balance by 4,000 XP. A serial must be genuine (the manufacturer's registry), it
// belongs to one member in the club, its bonus is paid once, and a member registers at most
// DEVICE_REGISTRATIONS_PER_DAY devices a Kyiv day.

let s: TestServer;
let a: TestMember;
let b: TestMember;
const LIMIT = 2;
beforeAll(async () => {
  s = await makeTestServer({ env: { DEVICE_REGISTRATIONS_PER_DAY: String(LIMIT) } });
  a = await createMember(s, { xp: 820 });
  b = await createMember(s);
  await registrySerials(s, [
    { serial: 'GENUINE0001', model: 'Пристрій Плюс' },
    { serial: 'GENUINE0002', model: 'Пристрій Про' },
    { serial: 'GENUINE0003' },
    { serial: 'GENUINE0004' },
    { serial: 'OGOGENUINE1', model: 'Пристрій Міні', variant: 'ogo' },
  ]);
});
afterAll(() => s.close());

const register = (m: TestMember, body: Record<string, unknown>) => s.post('/api/register-device', body, m.token);

describe('made-up device serials earn XP without limit', () => {
  it('refuses forty made-up serials of the right form: 404 device_unknown in Ukrainian, nothing credited, nothing stored', async () => {
    for (let i = 0; i < 40; i += 1) {
      const r = await register(a, { serial: `FAKE${String(i).padStart(6, '0')}`, model: 'Пристрій Плюс' });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('device_unknown');
      expect(r.body.error.message).toMatch(/реєстрі виробника/);
    }
    expect(await balanceOf(s, a.glo.id)).toBe(820);
    expect(await ledgerOf(s, a.glo.id)).toEqual([]);
    expect(await s.deps.db.selectFrom('devices').select('id').execute()).toEqual([]);
  });

  it('registers a genuine serial with the registry’s model, whatever model the app sends', async () => {
    const r = await register(a, { serial: 'genuine-0001', model: 'Будь-що' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ awarded: DEVICE_REGISTRATION_XP, balance: 820 + DEVICE_REGISTRATION_XP });
    expect(r.body.device).toMatchObject({ serial: 'GENUINE0001', model: 'Пристрій Плюс', title: 'glo Пристрій Плюс' });
  });

  it('refuses a genuine serial under the other brand’s app: 422, nothing credited', async () => {
    const r = await register(a, { serial: 'OGOGENUINE1' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('device_other_brand');
    expect(r.body.error.message).toContain('ogo');
    expect(await balanceOf(s, a.glo.id)).toBe(820 + DEVICE_REGISTRATION_XP);
  });

  it('registers a serial once in the whole club and pays its bonus once, even after the device was removed', async () => {
    expect((await register(b, { serial: 'GENUINE0001' })).status).toBe(409);
    expect(await balanceOf(s, b.glo.id)).toBe(0);
    // An operator removes the device (returned, resold): registering it again pays nothing.
    await s.deps.db.deleteFrom('devices').where('serial', '=', 'GENUINE0001').execute();
    const again = await register(b, { serial: 'GENUINE0001' });
    expect(again.status).toBe(200);
    expect(again.body.awarded).toBe(0);
    expect(await balanceOf(s, b.glo.id)).toBe(0);
    const paid = await s.deps.db.selectFrom('xp_ledger').select('id').where('ref', '=', 'device:GENUINE0001').execute();
    expect(paid).toHaveLength(1);
  });

  it('lets a member register at most DEVICE_REGISTRATIONS_PER_DAY devices a Kyiv day, then again the next day', async () => {
    const c = await createMember(s);
    expect((await register(c, { serial: 'GENUINE0002' })).status).toBe(200);
    expect((await register(c, { serial: 'GENUINE0003' })).status).toBe(200);
    const third = await register(c, { serial: 'GENUINE0004' });
    expect(third.status).toBe(422);
    expect(third.body.error.code).toBe('device_daily_limit');
    expect(third.body.error.message).toContain(`не більше ${LIMIT}`);
    expect(await balanceOf(s, c.glo.id)).toBe(LIMIT * DEVICE_REGISTRATION_XP);
    // Registering an own device again is no new registration: not counted, not refused.
    expect((await register(c, { serial: 'GENUINE0002' })).status).toBe(200);
    s.clock.advance(24 * 3_600_000);
    const next = await register(c, { serial: 'GENUINE0004' });
    expect(next.status).toBe(200);
    expect(await balanceOf(s, c.glo.id)).toBe(3 * DEVICE_REGISTRATION_XP);
  });
});
