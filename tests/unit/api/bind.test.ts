import { describe, expect, expectTypeOf, it } from 'vitest';
import { bindCalls } from '../../../src/api/bind';
import { analyticsApi } from '../../../src/api/groups/analytics';
import { userApi } from '../../../src/api/groups/user';
import { Transport } from '../../../src/api/transport';
import { analyticsCalls } from '../../../src/contract/analytics';
import { userCalls } from '../../../src/contract/user';
import { scriptedFetch } from '../sync/support/fake-fetch';

describe('one typed function per call (docs/api.md#calls)', () => {
  it('binds every call of a contract group to the transport', async () => {
    const net = scriptedFetch((req) =>
      req.url.endsWith('/get-metafields')
        ? {
            status: 200,
            body: { metafields: [{ id: 1, namespace: 'pwa', key: 'favorites', value: '[1]', type: 'json' }] },
          }
        : {
            status: 200,
            body: { metafield: { id: 1, namespace: 'pwa', key: 'favorites', value: '[2]', type: 'json' } },
          },
    );
    const t = new Transport({ baseUrl: '', apiKey: 'k', getToken: () => 'tok', fetch: net.fetch });
    const user = bindCalls(t, userCalls);
    expect(Object.keys(user).sort()).toEqual(Object.keys(userCalls).sort());
    const read = await user.getMetafields({ id: 5 });
    expectTypeOf(read.metafields[0]!.value).toEqualTypeOf<string>();
    expect(read.metafields[0]?.value).toBe('[1]');
    await userApi(t).createMetafields(
      { namespace: 'pwa', key: 'favorites', value: '[2]', type: 'json', shopifyId: 5 },
      { idempotencyKey: 'k-00000001' },
    );
    expect(net.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/user/get-metafields',
      'POST /api/user/create-metafields',
    ]);
    expect(net.seen[1]?.headers['idempotency-key']).toBe('k-00000001');
    expect(Object.keys(analyticsApi(t)).sort()).toEqual(Object.keys(analyticsCalls).sort());
  });
});
