import type { Transaction } from 'kysely';
import type { ScanHistoryItem } from '../../../src/contract/scan';
import { kyivMonthRange, kyivParts } from '../../../src/domain/format/kyiv-time';
import type { Member } from '../../context';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { Customer } from '../../members';
import { changeXp } from '../../xp';

export type ClaimResult =
  | { outcome: 'awarded'; xp: number; balance: number; item: ScanHistoryItem }
  | { outcome: 'used'; byYou: boolean; usedAt: string }
  | { outcome: 'unknown' }
  | { outcome: 'other_brand'; variant: 'glo' | 'ogo' };

/**
 * Claims one well-formed code (lower case) for a customer record and pays its XP, inside the
 * caller's transaction. The claim is a single conditional UPDATE (`used_at IS NULL`): of two
 * scans of one code, even at the same moment, exactly one gets the row back and pays.
 */
export async function claimCode(
  trx: Transaction<Database>,
  args: { member: Member; customer: Customer; code: string; via: 'single' | 'multi'; now: Date },
): Promise<ClaimResult> {
  const { member, customer, code, via, now } = args;
  const at = now.toISOString();
  const claimed = await trx
    .updateTable('scan_codes')
    .set({ used_at: at, used_by: customer.id, used_via: via })
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .where('variant', '=', customer.variant === 'glo' ? 'glo' : 'ogo')
    .returning(['id', 'code', 'xp', 'product', 'variant'])
    .executeTakeFirst();
  if (claimed) {
    const balance = await changeXp(trx, {
      customerId: customer.id,
      amount: claimed.xp,
      reason: 'scan',
      title: `Сканування коду: ${claimed.product}`,
      ref: `scan:${claimed.code}`,
      now,
    });
    const item: ScanHistoryItem = {
      id: claimed.id,
      uuid: claimed.code,
      date: at,
      xp: claimed.xp,
      product: claimed.product,
      variant: claimed.variant,
      source: via,
    };
    return { outcome: 'awarded', xp: claimed.xp, balance, item };
  }
  const row = await trx
    .selectFrom('scan_codes as s')
    .leftJoin('customers as c', 'c.id', 's.used_by')
    .select(['s.used_at', 's.variant', 'c.member_id'])
    .where('s.code', '=', code)
    .executeTakeFirst();
  if (!row) return { outcome: 'unknown' };
  if (row.used_at) return { outcome: 'used', byYou: row.member_id === member.id, usedAt: row.used_at };
  return { outcome: 'other_brand', variant: row.variant };
}

/** Scans of a customer record in the Kyiv month starting on `monthStart`, and the XP they earned. */
export async function monthStats(
  db: Db | Transaction<Database>,
  customerId: number,
  monthStart: string,
): Promise<{ count: number; xp: number }> {
  const { from, to } = kyivMonthRange(monthStart);
  const row = await db
    .selectFrom('scan_codes')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('xp').as('xp')])
    .where('used_by', '=', customerId)
    .where('used_at', '>=', from.toISOString())
    .where('used_at', '<', to.toISOString())
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), xp: Number(row?.xp ?? 0) };
}

/** '23.11.2026' in Kyiv time, for messages. */
export function kyivDay(iso: string): string {
  return kyivParts(new Date(iso)).date.split('-').reverse().join('.');
}
