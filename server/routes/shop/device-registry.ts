import type { Transaction } from 'kysely';
import { addDays, kyivMidnight, kyivParts } from '../../../src/domain/format/kyiv-time';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';

/** A genuine serial as the manufacturer made it. */
export interface GenuineDevice {
  serial: string;
  model: string;
  variant: 'glo' | 'ogo';
}

/**
 * The manufacturer's word on a serial: the device it names, or null when no such device was
 * made. The reference server reads its own `device_registry` table (seeded with demo serials,
 * server/seed/device-registry.ts). To use a real manufacturer registry, either import its feed
 * into that table (serial normalised as `normalizeSerial` does, model, variant, source = the feed's
 * name), or replace this function with a call to the manufacturer's lookup API; nothing else
 * reads the table.
 */
export async function lookupSerial(db: Db | Transaction<Database>, serial: string): Promise<GenuineDevice | null> {
  const row = await db
    .selectFrom('device_registry')
    .select(['serial', 'model', 'variant'])
    .where('serial', '=', serial)
    .executeTakeFirst();
  return row ?? null;
}

/** Devices a member registered since the start of the Kyiv day `now` falls in. */
export async function registrationsToday(db: Db | Transaction<Database>, memberId: number, now: Date): Promise<number> {
  const day = kyivParts(now).date;
  const from = kyivMidnight(day).toISOString();
  const to = kyivMidnight(addDays(day, 1)).toISOString();
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_id', '=', memberId)
    .where('registered_at', '>=', from)
    .where('registered_at', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether the one-off registration bonus was ever paid for a serial (to anyone). */
export async function bonusPaid(db: Db | Transaction<Database>, serial: string): Promise<boolean> {
  const row = await db
    .selectFrom('xp_ledger')
    .select('id')
    .where('ref', '=', `device:${serial}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
