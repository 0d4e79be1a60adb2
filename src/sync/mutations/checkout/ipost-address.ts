import { deliveryApi } from '../../../api/groups/delivery';
import { ApiCallError } from '../../../api/errors';
import type { Transport } from '../../../api/transport';
import { ipostSendAddress } from '../../../contract/delivery';
import type { ClubDb } from '../../../db/database';
import { kvGet, kvSet, type ExpiringToken } from '../../../db/kv';
import { afterIpostSent, FALLBACK_MESSAGES, type CourierRequest } from '../../../domain/delivery/methods';
import { defineMutation } from '../../engine/registry';

/** A cached token is renewed this long before its expiry, so it never dies in flight. */
const MARGIN_MS = 60_000;

/**
 * The local courier's token (docs/api.md#delivery ipost/auth), kept until its server expiry; `fresh` asks
 * for a new one (the courier said the old one is dead).
 */
export async function ipostToken(db: ClubDb, transport: Transport, now: number, fresh = false): Promise<string> {
  const cached = await kvGet(db, 'ipostToken');
  if (!fresh && cached && Date.parse(cached.expiresAt) - MARGIN_MS > now) return cached.token;
  const r = await deliveryApi(transport).ipostAuth({});
  const token: ExpiringToken = { token: r.token, expiresAt: r.expired_at };
  await kvSet(db, 'ipostToken', token, now);
  return r.token;
}

export interface IpostAddressPayload extends CourierRequest {
  /** The placed order's entry key (its record in `placedOrders`). */
  placedKey: string;
  variant: 'glo' | 'ogo';
}

/** The placed order's note when the courier refused the address. */
export const IPOST_REFUSED =
  'Курʼєр iPost не прийняв адресу. Менеджер звʼяжеться з тобою, щоб домовитися про доставку.';

async function markPlaced(
  db: ClubDb,
  key: string,
  state: 'sent' | 'failed' | 'waiting',
  message: string | null,
): Promise<void> {
  const placed = (await kvGet(db, 'placedOrders')) ?? [];
  await kvSet(
    db,
    'placedOrders',
    placed.map((p) => (p.key === key ? { ...p, ipostState: state, ipostMessage: message } : p)),
  );
}

/**
 * ipost send-address (docs/api.md#delivery): books the local courier for an order of delivery 3. The checkout
 * sends it at once and once more after 1 s (docs/api.md#delivery "retried once after 1 second on failure");
 * after that it waits in the outbox like any change. Accepted: delivery resets to 1 and street and
 * flat are cleared (docs/rules.md#states). Refused (a city the courier does not serve): delivery falls back to 1.
 */
export const orderIpostAddress = defineMutation<IpostAddressPayload, typeof ipostSendAddress>({
  kind: 'order-ipost-address',
  call: ipostSendAddress,
  title: 'Доставка курʼєром iPost',
  noun: ['адресу для курʼєра', 'адреси для курʼєра', 'адрес для курʼєра'],
  tables: [],
  views: ['orders'],
  async buildRequest(entry, { db, transport, now }) {
    const p = entry.payload;
    const token = await ipostToken(db, transport, now(), (entry.refreshes ?? 0) > 0);
    return {
      token,
      city: p.city,
      street: p.street,
      ...(p.flat ? { flat: p.flat } : {}),
      delivery_date: p.date,
      delivery_time_from: p.from,
      delivery_time_to: p.to,
      order_id: p.orderId,
      ...(p.comment ? { comment: p.comment.slice(0, 500) } : {}),
    };
  },
  refreshOn: (e: ApiCallError) => e.status === 401 && e.code === 'ipost_unauthenticated',
  async apply(_answer, entry, db) {
    await markPlaced(db, entry.payload.placedKey, 'sent', null);
    const drafts = (await kvGet(db, 'checkoutDrafts')) ?? {};
    const d = drafts[entry.payload.variant];
    if (d)
      await kvSet(db, 'checkoutDrafts', {
        ...drafts,
        [entry.payload.variant]: { ...d, delivery: afterIpostSent(d.delivery), ipostCheck: undefined },
      });
  },
  async undo(entry, db) {
    await markPlaced(db, entry.payload.placedKey, 'failed', IPOST_REFUSED);
    const drafts = (await kvGet(db, 'checkoutDrafts')) ?? {};
    const d = drafts[entry.payload.variant];
    if (d && d.delivery.method === 3) {
      await kvSet(db, 'checkoutDrafts', {
        ...drafts,
        [entry.payload.variant]: { ...d, delivery: { ...d.delivery, method: 1 }, notice: FALLBACK_MESSAGES.failed },
      });
    }
  },
  async redo(entry, db) {
    await markPlaced(db, entry.payload.placedKey, 'waiting', null);
  },
  describeRefusal(entry, error) {
    const p = entry.payload;
    return { what: `Адреса доставки: ${p.city}, ${p.street}${p.flat ? `, кв. ${p.flat}` : ''}`, why: error.message };
  },
});
