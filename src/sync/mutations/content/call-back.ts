import { sendPhoneCall } from '../../../contract/shop-payment';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import type { CallBackRow } from '../../../db/rows-queued';
import { CALL_BACK_NAME_MAX, callBackDayLabelFor, callBackWindow } from '../../../domain/member/call-back-day';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { uuidV4 } from '../../engine/uuid';

export interface CallBackPayload {
  /** The `callBacks` row this request is shown as. */
  rowId: string;
  /** The Kyiv date the member chose, 'YYYY-MM-DD' (today or tomorrow when asked). */
  date: string;
  from: string;
  to: string;
  phone: string;
  firstName?: string;
  /** The member's figures for the call centre (docs/api.md#orders send-phone-call), when known. */
  totalSpent?: number;
  ordersCount?: number;
}

/**
 * A call-back request from /support (docs/api.md#orders api-shop/send-phone-call, docs/rules.md#validation call-back day). Queued
 * like every change, so it waits offline and goes once (its entry id is the Idempotency-Key).
 * The day label is worked out when it is sent: a request made at 23:50 for «Завтра» and sent
 * at 00:10 asks for «Сьогодні». The server's answer (its date and window) confirms the row.
 */
export const callBackRequest = defineMutation<CallBackPayload, typeof sendPhoneCall>({
  kind: 'call-back',
  call: sendPhoneCall,
  title: 'Запит на дзвінок',
  noun: ['запит на дзвінок', 'запити на дзвінок', 'запитів на дзвінок'],
  tables: ['callBacks'],
  views: [],
  async buildRequest(entry, ctx) {
    const p = entry.payload;
    const avg = p.totalSpent !== undefined && p.ordersCount ? Math.round(p.totalSpent / p.ordersCount) : undefined;
    return {
      callFrom: p.from,
      callTo: p.to,
      phone: p.phone,
      day: callBackDayLabelFor(p.date, new Date(ctx.now())),
      ...(p.firstName ? { first_name: p.firstName.slice(0, CALL_BACK_NAME_MAX) } : {}),
      ...(p.totalSpent !== undefined ? { totalSpent: p.totalSpent } : {}),
      ...(p.ordersCount !== undefined ? { orders_count: p.ordersCount } : {}),
      ...(avg !== undefined ? { avgCheck: avg } : {}),
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
  async apply(answer, entry, db) {
    await db.callBacks.update(entry.payload.rowId, {
      state: 'sent',
      date: answer.date,
      from: answer.from,
      to: answer.to,
      message: null,
    });
  },
  async undo(entry, db) {
    // Inside the transaction that marked the entry failed: its stored error is the server's reason.
    const failed = await db.outbox.get(entry.id);
    await db.callBacks.update(entry.payload.rowId, { state: 'refused', message: failed?.lastError?.message ?? null });
  },
  async redo(entry, db) {
    await db.callBacks.update(entry.payload.rowId, { state: 'waiting', message: null });
  },
  describeRefusal(entry, error) {
    const p = entry.payload;
    return { what: `Запит на дзвінок ${p.date}, ${p.from}–${p.to}`, why: error.message };
  },
});

/** What the member fills in: the payload with the day as a word rather than a date. */
export interface CallBackForm extends Omit<CallBackPayload, 'rowId' | 'date'> {
  /** 'Сьогодні' or 'Завтра' (docs/rules.md#validation). */
  day: string;
}

/**
 * Domain action: checks the window (docs/rules.md#validation: an inverted window, bad times or a window of today
 * already over are refused with the reason, and nothing is stored), then stores the request as
 * waiting and queues it, in one transaction.
 */
export async function queueCallBack(
  db: ClubDb,
  account: Account,
  form: CallBackForm,
  now = Date.now(),
): Promise<{ ok: true; row: CallBackRow; entry: OutboxEntry<CallBackPayload> } | { ok: false; reason: string }> {
  const checked = callBackWindow({ day: form.day, from: form.from, to: form.to }, new Date(now));
  if (!checked.ok) return checked;
  const w = checked.window;
  const row: CallBackRow = {
    id: uuidV4(),
    variant: account.variant,
    date: w.date,
    from: w.from,
    to: w.to,
    state: 'waiting',
    message: null,
    createdAt: now,
  };
  const entry = await mutate(db, callBackRequest, {
    account,
    now,
    change: async () => {
      await db.callBacks.put(row);
      return {
        rowId: row.id,
        date: w.date,
        from: w.from,
        to: w.to,
        phone: form.phone,
        ...(form.firstName ? { firstName: form.firstName } : {}),
        ...(form.totalSpent !== undefined ? { totalSpent: form.totalSpent } : {}),
        ...(form.ordersCount !== undefined ? { ordersCount: form.ordersCount } : {}),
      };
    },
  });
  return { ok: true, row, entry };
}
