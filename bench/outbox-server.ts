// The server both outbox tools replay to (outbox.bench.ts, outbox-profile.ts): in process, on an
// in-memory SQLite database, and a fresh member with tokens for each contestant.
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { buildDeps } from '../server/deps';
import { issueToken } from '../server/security/tokens';
import type { Contestant } from './outbox-contest';

export async function outboxServer(apiKey: string) {
  const built = await buildDeps(loadConfig({ NODE_ENV: 'test', API_KEY: apiKey }), {
    seed: false,
    connect: { sqlitePath: ':memory:' },
  });
  const db = built.deps.db;
  let members = 0;
  /** A new member with a glo record, a user token and an analytics token, to replay `n` events as. */
  async function contestant(tag: string, n: number, origin: string): Promise<Contestant & { memberId: number }> {
    const now = new Date().toISOString();
    members += 1;
    const m = await db
      .insertInto('members')
      .values({
        phone: `38067${String(members).padStart(7, '0')}`,
        first_name: 'Б',
        last_name: 'Б',
        email: `${tag}@bench.ua`,
        birth_date: null,
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
        first_name: 'Б',
        last_name: 'Б',
        email: '',
        phone: '',
        tags: '[]',
        note: '',
        orders_count: 0,
        total_spent: 0,
        xp_balance: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = (await issueToken(db, m.id, 'user', new Date())).token;
    const batToken = (await issueToken(db, m.id, 'bat', new Date())).token;
    return { tag, n, token, batToken, customerId: c.id, apiKey, origin, memberId: m.id };
  }
  return { app: createApp(built.deps), db, contestant, close: built.close };
}
