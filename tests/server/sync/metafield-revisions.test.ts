import { describe, expect, it } from 'vitest';
import { readPrecondition } from '../../../server/routes/auth/metafields';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { withServerAndMember } from '../../support/server-member';

// Two devices of one member write the same whole-value metafield (favourites, the cart mirror):
// a write names the revision it was built on (If-Match) and is refused with 412 when another
// device wrote first, so no change is overwritten unseen.

let s: TestServer;
let m: TestMember;
withServerAndMember((x) => ({ s, m } = x));

const body = (value: unknown, key = 'favorites') => ({
  namespace: 'pwa',
  key,
  type: 'json',
  value: JSON.stringify(value),
  shopifyId: m.glo.id,
});
const write = (value: unknown, headers: Record<string, string> = {}, key = 'favorites') =>
  s.call('POST', '/api/user/create-metafields', { body: body(value, key), token: m.token, headers });
const read = async (key = 'favorites') =>
  (
    (await s.post('/api/user/get-metafields', { id: m.glo.id }, m.token)).body.metafields as Array<{
      key: string;
      value: string;
      revision: number;
    }>
  ).find((f) => f.key === key);

describe('metafield revisions and conditional writes', () => {
  it('If-None-Match: * creates only when absent; each write bumps the revision and answers it (body and ETag)', async () => {
    const a = await write([1], { 'if-none-match': '*' });
    expect(a.status).toBe(200);
    expect(a.body.metafield.revision).toBe(1);
    expect(a.headers.get('etag')).toBe('"1"');
    const again = await write([2], { 'if-none-match': '*' });
    expect(again.status).toBe(412);
    expect(again.body.error.code).toBe('revision_conflict');
    expect(await read()).toMatchObject({ value: '[1]', revision: 1 });
  });

  it('If-Match applies on the named revision and refuses a stale one without writing', async () => {
    const ok = await write([1, 2], { 'if-match': '"1"' });
    expect(ok.body.metafield).toMatchObject({ value: '[1,2]', revision: 2 });
    const stale = await write([1, 3], { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect(await read()).toMatchObject({ value: '[1,2]', revision: 2 });
    expect((await write([1, 2, 3], { 'if-match': 'W/"2"' })).body.metafield.revision).toBe(3);
  });

  it('a write with no precondition still replaces (docs/api.md#user as written) and bumps the revision', async () => {
    const r = await write([9]);
    expect(r.body.metafield).toMatchObject({ value: '[9]', revision: 4 });
  });

  it('a malformed precondition is a 400 that changes nothing', async () => {
    const r = await write([5], { 'if-match': 'abc' });
    expect(r.status).toBe(400);
    expect(await read()).toMatchObject({ value: '[9]', revision: 4 });
    expect(readPrecondition(undefined, 'etag')).toEqual({ kind: 'invalid' });
    expect(readPrecondition('"12"', undefined)).toEqual({ kind: 'revision', revision: 12 });
    expect(readPrecondition(undefined, undefined)).toEqual({ kind: 'none' });
  });

  it('of two devices writing on the same revision at once, exactly one wins', async () => {
    const base = (await read())!.revision;
    const [x, y] = await Promise.all([
      write([9, 10], { 'if-match': `"${base}"` }),
      write([9, 11], { 'if-match': `"${base}"` }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 412]);
    expect((await read())!.revision).toBe(base + 1);
  });
});
