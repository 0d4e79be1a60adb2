import type { Selectable } from 'kysely';
import type { CustomersTable } from '../../server/db/tables/core';
import { issueToken } from '../../server/security/tokens';
import type { TestServer } from './server';

let nextPhone = 380671000000;

export interface TestMember {
  id: number;
  phone: string;
  /** Bearer token of the member (scope 'user'). */
  token: string;
  glo: Selectable<CustomersTable>;
  ogo: Selectable<CustomersTable>;
}

/**
 * A signed-in member straight in the database, with a glo and an ogo shop record,
 * without going through the SMS routes: for tests of other groups.
 */
export async function createMember(
  s: TestServer,
  opts: { phone?: string; firstName?: string; tags?: string[]; xp?: number; ogoXp?: number } = {},
): Promise<TestMember> {
  const now = s.clock.now().toISOString();
  const phone = opts.phone ?? String(nextPhone++);
  const { id } = await s.deps.db
    .insertInto('members')
    .values({
      phone,
      first_name: opts.firstName ?? 'Тест',
      last_name: 'Учасник',
      email: `${phone}@example.com`,
      birth_date: '1990-01-01',
      adult_confirmed: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const make = async (variant: 'glo' | 'ogo', xp: number) =>
    s.deps.db
      .insertInto('customers')
      .values({
        member_id: id,
        variant,
        first_name: opts.firstName ?? 'Тест',
        last_name: 'Учасник',
        email: `${phone}@example.com`,
        phone,
        tags: JSON.stringify(opts.tags ?? ['pwa_user']),
        note: '',
        orders_count: 0,
        total_spent: 0,
        xp_balance: xp,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  const glo = await make('glo', opts.xp ?? 0);
  const ogo = await make('ogo', opts.ogoXp ?? 0);
  const { token } = await issueToken(s.deps.db, id, 'user', s.clock.now());
  return { id, phone, token, glo, ogo };
}

/** Marks the member's ogo record age-verified, as verification leaves it: a metafield in namespace verification. */
export async function verifyOgoRecord(s: TestServer, m: TestMember): Promise<void> {
  await s.deps.db
    .insertInto('metafields')
    .values({
      customer_id: m.ogo.id,
      namespace: 'verification',
      key: 'age_verified',
      value: 'true',
      type: 'boolean',
      updated_at: s.clock.now().toISOString(),
    })
    .execute();
}

/** A shop record's XP balance as the database holds it. */
export async function balanceOf(s: TestServer, customerId: number): Promise<number> {
  return (
    await s.deps.db.selectFrom('customers').select('xp_balance').where('id', '=', customerId).executeTakeFirstOrThrow()
  ).xp_balance;
}
