import { describe, expect, it } from 'vitest';
import { sendBatEvent } from '../../../src/contract/analytics';
import { mutate } from '../../../src/sync/engine/enqueue';
import { createRegistry, defineMutation } from '../../../src/sync/engine/registry';
import { manualOnline } from '../../../src/sync/engine/online';
import {
  MutationRefusedError,
  OFFLINE_ONLY_MESSAGE,
  OfflineError,
  sendOnline,
} from '../../../src/sync/engine/online-only';
import { Outbox } from '../../../src/sync/engine/outbox';
import { webLock } from '../../../src/sync/engine/lock';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness } from './support/harness';
import { memoryLocks } from './support/memory-locks';

// An online-only kind shaped like create-order (whose contract is not written yet): its answer
// is stored keyed by the entry id, which the caller gets back.
const placeLike = defineMutation<{ event: string }, typeof sendBatEvent>({
  kind: 'place-order-like',
  views: [],
  call: sendBatEvent,
  title: 'Замовлення',
  noun: ['замовлення', 'замовлення', 'замовлень'],
  tables: ['orders'],
  onlineOnly: true,
  buildRequest: async (e) => ({
    event: e.payload.event,
    token: 'tok',
    data: { customer_id: e.account.customerId, page_url: '/checkout' },
  }),
  async apply(answer, entry, db) {
    await db.orders.put({
      variant: 'glo',
      id: answer.id,
      orderNumber: `#${answer.id}`,
      createdAt: '2026-01-01',
      total: 0,
      financialStatus: 'pending',
      fulfillmentStatus: null,
      lines: [],
      clientKey: entry.id,
    });
  },
});

async function setup(reply: Reply) {
  const h = await harness({ reply: api({ '/api/analytics/send-bat-event': () => reply }) });
  const outbox = new Outbox({
    db: h.db,
    transport: h.transport,
    registry: createRegistry([placeLike]),
    lock: webLock(memoryLocks().client('x')),
    now: () => h.clock.t,
  });
  const place = () => mutate(h.db, placeLike, { account: GLO, change: () => ({ event: 'order' }) });
  return { h, outbox, place };
}

describe('online-only actions through the same path (docs/architecture.md#data-flow)', () => {
  it('offline: refused at once with a clear message, nothing queued', async () => {
    const { h, outbox, place } = await setup({ status: 200, body: { ok: true, id: 5 } });
    await expect(sendOnline(outbox, manualOnline(false), place)).rejects.toBeInstanceOf(OfflineError);
    await expect(sendOnline(outbox, manualOnline(false), place)).rejects.toThrow(OFFLINE_ONLY_MESSAGE);
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.seen).toHaveLength(0);
  });

  it('online: sent at once with an Idempotency-Key; the answer is stored under the entry id', async () => {
    const { h, outbox, place } = await setup({ status: 200, body: { ok: true, id: 5 } });
    const r = await sendOnline(outbox, manualOnline(true), place);
    expect(r.state).toBe('sent');
    expect(h.sends()[0]?.key).toBe(r.id);
    expect(await h.db.orders.where('clientKey').equals(r.id).first()).toMatchObject({ id: 5, orderNumber: '#5' });
  });

  it('refused: the reason comes back as an error', async () => {
    const { outbox, place } = await setup({
      status: 422,
      body: { error: { code: 'cart_empty', message: 'Кошик порожній' } },
    });
    await expect(sendOnline(outbox, manualOnline(true), place)).rejects.toSatisfy(
      (e: unknown) => e instanceof MutationRefusedError && e.message === 'Кошик порожній',
    );
  });

  it('the answer was lost: it stays queued under the same key, so it can never be placed twice', async () => {
    const { h, outbox, place } = await setup('network-error');
    const r = await sendOnline(outbox, manualOnline(true), place);
    expect(r).toMatchObject({ state: 'waiting' });
    expect((await h.db.outbox.get(r.id))?.state).toBe('pending');
  });
});
