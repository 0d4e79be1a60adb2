import { sql, type Selectable } from 'kysely';
import type { Context, Hono, Next } from 'hono';
import { getDevices, registerDevice } from '../../../src/contract/shop-member';
import { queryFlag } from '../../../src/contract/query-params';
import {
  DEVICE_REGISTRATION_XP,
  isValidSerial,
  normalizeSerial,
  SERIAL_FORMAT_MESSAGE,
} from '../../../src/domain/xp/device-registration';
import { pluralUk } from '../../../src/domain/format/plural';
import type { AppDeps, AppEnv, Member } from '../../context';
import type { DevicesTable } from '../../db/tables/catalogue';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ensureCustomer, variantOf } from '../../members';
import { changeXp } from '../../xp';
import { bonusPaid, lookupSerial, registrationsToday } from './device-registry';

type DeviceRow = Selectable<DevicesTable>;

const deviceOf = (d: DeviceRow) => ({
  id: d.id,
  serial: d.serial,
  model: d.model,
  title: d.title,
  variant: d.variant,
  registered_at: d.registered_at,
});

/** «Пристрій Плюс» on ogo reads «ogo Пристрій Плюс»; a model that names its brand stays as it is. */
function titleOf(model: string, variant: 'glo' | 'ogo'): string {
  const m = model.replace(/\s+/g, ' ').trim();
  return m.toLowerCase().includes(variant) ? m : `${variant} ${m}`;
}

/** Why a registration is refused, in the member's words (shown by the app beside the field). */
export const DEVICE_REFUSALS = {
  unknown: 'Такого серійного номера немає в реєстрі виробника. Перевір номер на коробці або на корпусі пристрою',
  otherBrand: (v: string) => `Це серійний номер пристрою ${v}. Зареєструй його в застосунку ${v}`,
  taken: 'Цей пристрій уже зареєстрував інший учасник. Якщо це твій пристрій, звернись у підтримку',
  dailyLimit: (n: number) =>
    `За день можна зареєструвати не більше ${n} ${pluralUk(n, ['пристрою', 'пристроїв', 'пристроїв'])}. Спробуй завтра`,
} as const;

export interface Registration {
  device: DeviceRow;
  awarded: number;
  balance: number;
}

/**
 * Registers a genuine serial for a member. The serial must be in the
 * manufacturer's registry (404 `device_unknown`) under the app's brand (422 `device_other_brand`);
 * a serial belongs to one member in the whole club (409 `device_taken`; its owner again gets the
 * same device and nothing); a member registers at most `DEVICE_REGISTRATIONS_PER_DAY` devices a
 * Kyiv day (422 `device_daily_limit`); the bonus is paid once per serial, ever (its ledger ref).
 */
export async function registerSerial(
  deps: AppDeps,
  member: Member,
  input: { serial: string; model?: string; ogo?: boolean },
  now: Date,
): Promise<Registration> {
  const serial = normalizeSerial(input.serial);
  if (!isValidSerial(serial))
    throw badRequest('invalid_body', `Некоректні дані: поле «serial»: ${SERIAL_FORMAT_MESSAGE}`);
  const variant = variantOf(input.ogo);
  const existing = async (d: DeviceRow): Promise<Registration> => {
    if (d.member_id !== member.id) throw conflict('device_taken', DEVICE_REFUSALS.taken);
    const owner = await deps.db
      .selectFrom('customers')
      .select('xp_balance')
      .where('id', '=', d.customer_id)
      .executeTakeFirstOrThrow();
    return { device: d, awarded: 0, balance: owner.xp_balance };
  };
  const held = () => deps.db.selectFrom('devices').selectAll().where('serial', '=', serial).executeTakeFirst();
  const before = await held();
  if (before) return existing(before);
  const genuine = await lookupSerial(deps.db, serial);
  if (!genuine) throw notFound(DEVICE_REFUSALS.unknown, 'device_unknown');
  if (genuine.variant !== variant)
    throw unprocessable('device_other_brand', DEVICE_REFUSALS.otherBrand(genuine.variant));
  const customer = await ensureCustomer(deps.db, member, variant, now);
  const model = genuine.model.replace(/\s+/g, ' ').trim();
  const limit = deps.config.DEVICE_REGISTRATIONS_PER_DAY;
  const done = await deps.db.transaction().execute(async (trx) => {
    // A no-op write on the member's record: on PostgreSQL it locks the row, so two registrations
    // of one member at once are counted one after the other and cannot both slip under the limit.
    await trx
      .updateTable('customers')
      .set({ xp_balance: sql<number>`xp_balance` })
      .where('id', '=', customer.id)
      .execute();
    if ((await registrationsToday(trx, member.id, now)) >= limit)
      throw new ApiError(422, 'device_daily_limit', DEVICE_REFUSALS.dailyLimit(limit));
    const row = await trx
      .insertInto('devices')
      .values({
        member_id: member.id,
        customer_id: customer.id,
        variant,
        serial,
        model,
        title: titleOf(model, variant),
        registered_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('serial').doNothing())
      .returningAll()
      .executeTakeFirst();
    // Someone registered it between the look-up and here: their registration stands.
    if (!row) return null;
    if (await bonusPaid(trx, serial)) {
      const c = await trx
        .selectFrom('customers')
        .select('xp_balance')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      return { device: row, awarded: 0, balance: c.xp_balance };
    }
    const balance = await changeXp(trx, {
      customerId: customer.id,
      amount: DEVICE_REGISTRATION_XP,
      reason: 'device',
      title: `Реєстрація пристрою ${row.title}`,
      ref: `device:${serial}`,
      now,
    });
    return { device: row, awarded: DEVICE_REGISTRATION_XP, balance };
  });
  if (done) return done;
  const after = await held();
  if (!after) throw conflict('device_taken', DEVICE_REFUSALS.taken);
  return existing(after);
}

/** get-devices and register-device; outside production, the free demo serials at /dev/device-serials. */
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

  // Genuine demo serials nobody has registered yet, for trying /device-reg (like /dev/scan-codes).
  app.get('/dev/device-serials.json', async (c: Context<AppEnv>, next: Next) => {
    if (c.var.deps.config.isProduction) return next();
    const free = await c.var.deps.db
      .selectFrom('device_registry as r')
      .leftJoin('devices as d', 'd.serial', 'r.serial')
      .select(['r.serial', 'r.model', 'r.variant'])
      .where('d.id', 'is', null)
      .orderBy('r.variant')
      .orderBy('r.serial')
      .execute();
    return c.json({ serials: free });
  });
}
