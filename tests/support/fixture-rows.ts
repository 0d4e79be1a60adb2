// Rows written straight into the database through a plain handle (no test server, no SMS sign-in):
// for the fixtures and benches that start instances of their own and need many members and codes.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/connect';
import { issueToken } from '../../server/security/tokens';

/** What a new shop record holds before any order or XP. */
export const FRESH_CUSTOMER = { note: '', orders_count: 0, total_spent: 0, xp_balance: 0 } as const;

export interface MemberRow {
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string | null;
  /** The glo record's tags. */
  tags: string[];
}

/** An adult member with a glo shop record (its email left empty) and a user token. */
export async function insertGloMember(
  db: Db,
  row: MemberRow,
  now = new Date().toISOString(),
): Promise<{ memberId: number; customerId: number; token: string }> {
  const m = await db
    .insertInto('members')
    .values({
      phone: row.phone,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      birth_date: row.birthDate,
      adult_confirmed: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const c = await db
    .insertInto('customers')
    .values({
      member_id: m.id,
      variant: 'glo',
      first_name: row.firstName,
      last_name: row.lastName,
      email: '',
      phone: row.phone,
      tags: JSON.stringify(row.tags),
      ...FRESH_CUSTOMER,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await issueToken(db, m.id, 'user', new Date());
  return { memberId: m.id, customerId: c.id, token };
}

/** `count` fresh glo scan codes of 10 XP from `batch`, written 500 to a statement; returns the codes. */
export async function insertScanCodes(db: Db, count: number, batch: string, now: string): Promise<string[]> {
  const codes = Array.from({ length: count }, () => randomUUID());
  for (let k = 0; k < codes.length; k += 500) {
    await db
      .insertInto('scan_codes')
      .values(
        codes
          .slice(k, k + 500)
          .map((code) => ({ code, variant: 'glo', xp: 10, product: 'glo-sticks', batch, created_at: now })),
      )
      .execute();
  }
  return codes;
}
