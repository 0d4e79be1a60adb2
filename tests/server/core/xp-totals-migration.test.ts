import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../server/db/migrations/index';

/*
 * Migration 017 keeps a record's XP totals beside its balance; the records that exist when it
 * runs get them from their ledger. Checked on a database made at 016 with a ledger in it.
 */
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) }); // eslint-disable-line @typescript-eslint/no-explicit-any -- a database at an old migration: no table types describe it
const names = Object.keys(migrations);
const until = (last: string) => ({
  getMigrations: async () =>
    Object.fromEntries(names.slice(0, names.indexOf(last) + 1).map((n) => [n, migrations[n]!])),
});

afterAll(() => db.destroy());

describe('migration 017: XP totals beside the balance', () => {
  it('fills earned, spent and lines from each record’s ledger, and 0 for a record without one', async () => {
    expect(
      (await new Migrator({ db, provider: until('016_order_number_sequence') }).migrateToLatest()).error,
    ).toBeUndefined();
    const now = new Date(0).toISOString();
    const member = await db
      .insertInto('members')
      .values({
        phone: '380500000001',
        first_name: 'А',
        last_name: 'Б',
        email: '',
        birth_date: null,
        adult_confirmed: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const customer = (variant: string) => ({
      member_id: member.id,
      variant,
      first_name: 'А',
      last_name: 'Б',
      email: '',
      phone: '',
      tags: '[]',
      note: '',
      orders_count: 0,
      total_spent: 0,
      xp_balance: 0,
      created_at: now,
    });
    const glo = await db.insertInto('customers').values(customer('glo')).returning('id').executeTakeFirstOrThrow();
    const ogo = await db.insertInto('customers').values(customer('ogo')).returning('id').executeTakeFirstOrThrow();
    for (const amount of [500, -120, 30, -10]) {
      await db
        .insertInto('xp_ledger')
        .values({
          customer_id: glo.id,
          amount,
          balance_after: 0,
          reason: 'manual',
          title: '',
          ref: null,
          created_at: now,
        })
        .execute();
    }
    expect((await new Migrator({ db, provider: until('017_xp_totals') }).migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'xp_earned', 'xp_spent', 'xp_lines'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: glo.id, xp_earned: 530, xp_spent: 130, xp_lines: 4 },
      { id: ogo.id, xp_earned: 0, xp_spent: 0, xp_lines: 0 },
    ]);
    expect((await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db)).rows[0]!.n).toBe(
      names.indexOf('017_xp_totals') + 1,
    );
  });
});
