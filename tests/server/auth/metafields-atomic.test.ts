import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

// A create-metafields made with an Idempotency-Key commits its write and its stored answer
// together. Written one after the other, a server killed between them left the key 'running': the
// retry took it over, met its own write's revision (412) and the phone rebased the change on a value
// that already held it, counting a cart line twice. Here storing the answer fails (a trigger stands
// in for the crash): the write must not stay.

let s: TestServer;
let m: TestMember;
const KEY = 'lost-answer-0001';

beforeAll(async () => {
  s = await makeTestServer();
  m = await createMember(s);
  const db = s.deps.db;
  if (process.env.TEST_DATABASE_URL) {
    await sql`CREATE FUNCTION refuse_answer() RETURNS trigger AS $$ BEGIN IF NEW.key = ${sql.lit(KEY)} AND NEW.state = 'done' THEN RAISE EXCEPTION 'answer not stored'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
      db,
    );
    await sql`CREATE TRIGGER refuse_answer BEFORE INSERT OR UPDATE ON idempotency FOR EACH ROW EXECUTE FUNCTION refuse_answer()`.execute(
      db,
    );
  } else {
    for (const on of ['INSERT', 'UPDATE']) {
      await sql`CREATE TRIGGER ${sql.raw(`refuse_answer_${on.toLowerCase()}`)} BEFORE ${sql.raw(on)} ON idempotency WHEN NEW.key = ${sql.lit(KEY)} AND NEW.state = 'done' BEGIN SELECT RAISE(ABORT, 'answer not stored'); END`.execute(
        db,
      );
    }
  }
});
afterAll(() => s.close());

const cart = (value: string) => ({ namespace: 'pwa', key: 'cart', type: 'json', value, shopifyId: m.glo.id });
const stored = async () =>
  (await s.post('/api/user/get-metafields', { id: m.glo.id }, m.token)).body.metafields.find(
    (f: { key: string }) => f.key === 'cart',
  );

describe('create-metafields with an Idempotency-Key', () => {
  it('keeps nothing of a write whose answer could not be stored', async () => {
    const first = await s.call('POST', '/api/user/create-metafields', {
      body: cart('[{"id":4,"count":1}]'),
      token: m.token,
      idem: 'first-write-0001',
    });
    expect(first.status).toBe(200);
    const before = await stored();
    const lost = await s.call('POST', '/api/user/create-metafields', {
      body: cart('[{"id":4,"count":2}]'),
      token: m.token,
      idem: KEY,
      headers: { 'if-match': `"${before.revision}"` },
    });
    expect(lost.status).not.toBe(200);
    expect(await stored()).toEqual(before);
  });
});
