import { sendPhoneCall } from '../../../contract/shop-payment';
import type { SendState } from '../../../db/rows-queued';
import { defineMutation } from '../../engine/registry';

export interface PhoneCallPayload {
  /** The request's row in `callBacks` (stable across a retry, which gives the entry a new id). */
  rowId: string;
  orderSum: number;
  orderNumber: number;
  orderPayment: number;
  callFrom: string;
  callTo: string;
  /** docs/rules.md#validation day label: 'Сьогодні' is today, anything else tomorrow. */
  day: string;
  phone: string;
  avgCheck: number;
  first_name: string;
  totalSpent: number;
  orders_count: number;
}

const setState = (state: SendState, message: string | null) => ({ state, message });

/**
 * send-phone-call (docs/api.md#orders, docs/rules.md#validation): the member asked to be called about an order. Queued (it waits
 * for a network like any change); the request's row in `callBacks` says where it stands.
 */
export const orderPhoneCall = defineMutation<PhoneCallPayload, typeof sendPhoneCall>({
  kind: 'order-phone-call',
  call: sendPhoneCall,
  title: 'Дзвінок щодо замовлення',
  noun: ['запит дзвінка', 'запити дзвінка', 'запитів дзвінка'],
  tables: ['callBacks'],
  views: [],
  async buildRequest(entry) {
    const { rowId: _row, ...body } = entry.payload;
    return { ...body, ...(entry.account.variant === 'ogo' ? { ogo: true } : {}) };
  },
  async apply(answer, entry, db) {
    await db.callBacks.update(entry.payload.rowId, {
      ...setState('sent', null),
      date: answer.date,
      from: answer.from,
      to: answer.to,
    });
  },
  async undo(entry, db) {
    await db.callBacks.update(entry.payload.rowId, setState('refused', entry.lastError?.message ?? null));
  },
  async redo(entry, db) {
    await db.callBacks.update(entry.payload.rowId, setState('waiting', null));
  },
});
