import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../../server/db/prepared';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { xp: 10 });
  b = await createMember(s, { xp: 20 });
});
afterAll(() => s.close());

const byMember = prepared('test:by-member', (db, memberId: number, variant: 'glo' | 'ogo') =>
  db.selectFrom('customers').select(['id', 'xp_balance']).where('member_id', '=', memberId).where('variant', '=', variant),
);

describe('prepared queries (server/db/prepared.ts)', () => {
  it('answers what the plain query answers, for each call’s own arguments', async () => {
    expect((await byMember(s.deps.db, a.id, 'glo')).rows).toEqual([{ id: a.glo.id, xp_balance: 10 }]);
    expect((await byMember(s.deps.db, b.id, 'glo')).rows).toEqual([{ id: b.glo.id, xp_balance: 20 }]);
    expect((await byMember(s.deps.db, b.id, 'ogo')).rows).toEqual([{ id: b.ogo.id, xp_balance: 0 }]);
  });

  it('takes lists and objects of values, and runs inside a transaction', async () => {
    const some = prepared('test:some-customers:2', (db, ids: readonly number[]) => db.selectFrom('customers').select('id').where('id', 'in', ids).orderBy('id'));
    expect((await some(s.deps.db, [b.glo.id, a.glo.id])).rows.map((r) => r.id)).toEqual([a.glo.id, b.glo.id].sort((x, y) => x - y));
    const setNote = prepared('test:set-note', (db, id: number, values: { note: string; total_spent: number }) =>
      db.updateTable('customers').set(values).where('id', '=', id).returning(['note', 'total_spent']),
    );
    await s.deps.db.transaction().execute(async (trx) => {
      expect((await setNote(trx, a.glo.id, { note: 'перша', total_spent: 100 })).rows).toEqual([{ note: 'перша', total_spent: 100 }]);
    });
    expect((await setNote(s.deps.db, b.glo.id, { note: 'друга', total_spent: 5 })).rows).toEqual([{ note: 'друга', total_spent: 5 }]);
    const row = await s.deps.db.selectFrom('customers').select(['note']).where('id', '=', a.glo.id).executeTakeFirstOrThrow();
    expect(row.note).toBe('перша');
  });

  it('a query from outside an open transaction waits for it: it never reads its uncommitted rows', async () => {
    const note = prepared('test:note', (db, id: number) => db.selectFrom('customers').select('note').where('id', '=', id));
    const before = (await note(s.deps.db, b.glo.id)).rows[0]?.note;
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const rolledBack = s.deps.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('customers').set({ note: 'не збережено' }).where('id', '=', b.glo.id).execute();
        opened();
        await gate;
        throw new Error('rolled back');
      })
      .catch((e: unknown) => (e as Error).message);
    await isOpen;
    const outside = note(s.deps.db, b.glo.id);
    finish();
    expect(await rolledBack).toBe('rolled back');
    expect((await outside).rows[0]?.note).toBe(before);
  });
});
