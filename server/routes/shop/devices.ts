import type { Selectable } from 'kysely';
import type { Hono } from 'hono';
import { getDevices, registerDevice } from '../../../src/contract/shop-member';
import { queryFlag } from '../../../src/contract/query-params';
import { DEVICE_REGISTRATION_XP, isValidSerial, normalizeSerial } from '../../../src/domain/device-registration';
import type { AppDeps, AppEnv, Member } from '../../context';
import type { DevicesTable } from '../../db/tables/catalogue';
import { badRequest, conflict } from '../../errors';
import { mount } from '../../http/route';
import { ensureCustomer, variantOf } from '../../members';
import { changeXp } from '../../xp';

type DeviceRow = Selectable<DevicesTable>;

const deviceOf = (d: DeviceRow) => ({ id: d.id, serial: d.serial, model: d.model, title: d.title, variant: d.variant, registered_at: d.registered_at });

/** «Пристрій Плюс» on ogo reads «ogo Пристрій Плюс»; a model that names its brand stays as typed. */
function titleOf(model: string, variant: 'glo' | 'ogo'): string {
  const m = model.replace(/\s+/g, ' ').trim();
  return m.toLowerCase().includes(variant) ? m : `${variant} ${m}`;
}

export interface Registration {
  device: DeviceRow;
  awarded: number;
  balance: number;
}

/**
 * Registers a serial for a member: once per serial. The owner again gets the same device and no
 * XP; another member gets 409. The first registration pays the one-off bonus in its transaction.
 */
export async function registerSerial(deps: AppDeps, member: Member, input: { serial: string; model: string; ogo?: boolean }, now: Date): Promise<Registration> {
  const serial = normalizeSerial(input.serial);
  if (!isValidSerial(serial)) throw badRequest('invalid_body', 'Некоректні дані: поле «serial»: серійний номер — це від 8 до 20 латинських літер і цифр');
  const variant = variantOf(input.ogo);
  const customer = await ensureCustomer(deps.db, member, variant, now);
  const existing = async (): Promise<Registration> => {
    const d = await deps.db.selectFrom('devices').selectAll().where('serial', '=', serial).executeTakeFirstOrThrow();
    if (d.member_id !== member.id) throw conflict('device_taken', 'Цей пристрій уже зареєстрував інший учасник. Якщо це твій пристрій, звернись у підтримку');
    const owner = await deps.db.selectFrom('customers').select('xp_balance').where('id', '=', d.customer_id).executeTakeFirstOrThrow();
    return { device: d, awarded: 0, balance: owner.xp_balance };
  };
  if (await deps.db.selectFrom('devices').select('id').where('serial', '=', serial).executeTakeFirst()) return existing();
  const model = input.model.replace(/\s+/g, ' ').trim();
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('devices')
      .values({ member_id: member.id, customer_id: customer.id, variant, serial, model, title: titleOf(model, variant), registered_at: now.toISOString() })
      .onConflict((oc) => oc.column('serial').doNothing())
      .returningAll()
      .executeTakeFirst();
    // Someone registered it between the look-up and here: their registration stands.
    if (!row) return null;
    const balance = await changeXp(trx, { customerId: customer.id, amount: DEVICE_REGISTRATION_XP, reason: 'device', title: `Реєстрація пристрою ${row.title}`, ref: `device:${serial}`, now });
    return { device: row, awarded: DEVICE_REGISTRATION_XP, balance };
  });
  return done ?? existing();
}

/** get-devices and register-device. */
export function registerDevices(app: Hono<AppEnv>): void {
  mount(app, getDevices, async ({ input, member, deps }) => {
    const rows = await deps.db
      .selectFrom('devices')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('variant', '=', variantOf(queryFlag(input.ogo)))
      .orderBy('registered_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { code: 200 as const, data: { asset: rows.map(deviceOf) } };
  });

  mount(app, registerDevice, async ({ input, member, deps }) => {
    const r = await registerSerial(deps, member, input, deps.clock.now());
    return { device: deviceOf(r.device), awarded: r.awarded, balance: r.balance };
  });
}
