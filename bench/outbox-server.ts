// The server both outbox tools replay to (outbox.bench.ts, outbox-profile.ts): in process, on an
// in-memory SQLite database, and a fresh member with tokens for each contestant.
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { buildDeps } from '../server/deps';
import { issueToken } from '../server/security/tokens';
import { insertGloMember } from '../tests/support/fixture-rows';
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
    const { memberId, customerId, token } = await insertGloMember(
      db,
      {
        phone: `38067${String(members).padStart(7, '0')}`,
        firstName: 'Б',
        lastName: 'Б',
        email: `${tag}@bench.ua`,
        birthDate: null,
        tags: [],
      },
      now,
    );
    const batToken = (await issueToken(db, memberId, 'bat', new Date())).token;
    return { tag, n, token, batToken, customerId, apiKey, origin, memberId };
  }
  return { app: createApp(built.deps), db, contestant, close: built.close };
}
