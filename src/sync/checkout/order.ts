// Placing an order and what follows it (docs/rules.md#states, docs/api.md#orders): create-order online only under one
// Idempotency-Key, then the cart's ordered lines, the comment and the codes cleared, the
// call-back, the promo code and the courier queued, and the member's figures pulled again.
import type { ClubDb } from '../../db/database';
import { clearFresh, kvGet, kvSet, type CheckoutDraft, type PlacedOrderRecord } from '../../db/kv';
import type { Account } from '../../db/rows-sync';
import type { CheckoutSummary } from '../../domain/order/checkout-summary';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import { enqueueInTransaction } from '../engine/enqueue';
import { pullCtx, pullMember, pullOrders, type CheckoutEnv } from './reads';
import { trackOrderDevice } from '../mutations/analytics/order-info';
import { clearOrderedLines } from '../mutations/shop/cart-change';
import { queueOrder, type OrderCreatePayload } from '../mutations/checkout/order-create';
import { orderIpostAddress } from '../mutations/checkout/ipost-address';
import { orderPhoneCall } from '../mutations/checkout/phone-call';
import { orderPromocode, SHOP_DOMAINS } from '../mutations/checkout/promocode';
import { ordersPuller } from '../pullers/orders';
import { memberPuller } from '../pullers/session-member';
import { MutationRefusedError, sendOnline, type OnlineResult } from '../engine/online-only';
import { accountOf } from '../auth/session';
import { uuidV4 } from '../engine/uuid';

export type PlaceResult =
  { state: 'placed'; order: PlacedOrderRecord } | { state: 'waiting'; key: string; reason: string };

/** docs/api.md#delivery: ipost send-address is retried once, this long after a failure. */
export const IPOST_RETRY_MS = 1000;

/** The member's figures the order needs (docs/rules.md#entities shop record): phone, name, totals. */
export interface OrderMember {
  phone: string;
  first_name: string;
  total_spent: number;
  orders_count: number;
}

/** A create-order of this account that has not been answered yet (sent, or waiting for a network). */
async function unansweredOrder(db: ClubDb, account: Account) {
  const entries = await db.outbox.where('kind').equals('order-create').toArray();
  return entries.find(
    (e) => e.account.variant === account.variant && e.account.customerId === account.customerId && e.state !== 'failed',
  );
}

function payloadOf(
  account: Account & { variant: ShopVariant },
  s: CheckoutSummary,
  d: CheckoutDraft,
  m: OrderMember,
): OrderCreatePayload {
  const w = d.ipostWindow;
  return {
    request: s.request,
    lines: s.rows.map((r) => ({ variantId: r.variantId, title: r.title, quantity: r.quantity, price: r.unitPrice })),
    followUp: {
      variant: account.variant,
      customerId: account.customerId,
      variantIds: s.rows.map((r) => r.variantId),
      codes: [
        ...(s.velo && s.request.promocode ? [s.request.promocode] : []),
        ...(s.friend && s.request.friendPromocode ? [s.request.friendPromocode] : []),
      ],
      call: s.request.needCall && s.request.callBack ? { ...s.request.callBack, ...m } : null,
      ipost:
        d.delivery.method === 3 && w
          ? {
              city: d.delivery.city.trim(),
              street: (d.delivery.street ?? '').trim(),
              flat: (d.delivery.flat ?? '').trim(),
              date: w.date,
              from: w.from,
              to: w.to,
              comment: d.comment.trim(),
            }
          : null,
    },
  };
}

/**
 * The order in flight of each shop, per page (its database): a page's module state in the browser,
 * kept apart here so that two pages in one process (the QA kit's phones, tests/kit) never share it.
 */
const inflightOf = new WeakMap<ClubDb, Map<string, Promise<PlaceResult>>>();

/**
 * Places the order of a shop (docs/api.md#orders create-order), online only: throws `OfflineError` with no
 * network (nothing queued, the cart untouched) and `MutationRefusedError` with the server's
 * reason. A second call while one runs, or after a reload while the first is still unanswered,
 * resumes that one under its key: one order, whatever the taps. `resend` is the key of the order
 * the member was told is on its way: if the outbox got its answer meanwhile (the screen had not
 * caught up yet), that order is the result, and no second one is made.
 */
export function placeOrder(
  env: CheckoutEnv,
  variant: ShopVariant,
  summary: CheckoutSummary,
  draft: CheckoutDraft,
  member: OrderMember,
  resend: string | null = null,
): Promise<PlaceResult> {
  const inflight = inflightOf.get(env.db) ?? new Map<string, Promise<PlaceResult>>();
  inflightOf.set(env.db, inflight);
  const running = inflight.get(variant);
  if (running) return running;
  const p = (async (): Promise<PlaceResult> => {
    const account = await accountOf(env.db, variant);
    if (!account)
      throw new MutationRefusedError({
        status: 0,
        code: 'signed_out',
        message: 'Увійди в клуб, щоб оформити замовлення',
        at: Date.now(),
      });
    // One read of the outbox and the placed orders: the entry's answer moves it from one to the other in one transaction.
    const { waiting, answered } = await env.db.transaction('r', [env.db.outbox, env.db.kv], async () => ({
      waiting: await unansweredOrder(env.db, account),
      answered: resend !== null && ((await kvGet(env.db, 'placedOrders')) ?? []).some((o) => o.key === resend),
    }));
    let result: OnlineResult;
    try {
      result =
        !waiting && answered
          ? { state: 'sent', id: resend! }
          : await sendOnline(
              env.outbox,
              env.online,
              waiting
                ? async () => waiting
                : () => queueOrder(env.db, account, payloadOf({ ...account, variant }, summary, draft, member)),
            );
    } catch (e) {
      // The checkout shows the reason beside the button; the entry is not left in the failed list.
      if (e instanceof MutationRefusedError) {
        const failed = await unansweredFailed(env.db, account);
        if (failed) await env.outbox.cancelFailed(failed);
      }
      throw e;
    }
    if (result.state === 'waiting') return { state: 'waiting', key: result.id, reason: result.reason };
    const order = ((await kvGet(env.db, 'placedOrders')) ?? []).find((o) => o.key === result.id);
    if (!order) throw new Error('order placed without a record');
    await finishPlacedOrders(env);
    return { state: 'placed', order: { ...order, followUps: 'done' } };
  })().finally(() => inflight.delete(variant));
  inflight.set(variant, p);
  return p;
}

async function unansweredFailed(db: ClubDb, account: Account): Promise<string | null> {
  const entries = await db.outbox.where('kind').equals('order-create').toArray();
  return (
    entries.find(
      (e) =>
        e.account.variant === account.variant && e.account.customerId === account.customerId && e.state === 'failed',
    )?.id ?? null
  );
}

/** Queues what follows one placed order and marks it done, in one transaction (clearing the cart comes first, on its own). */
async function queueFollowUps(db: ClubDb, placed: PlacedOrderRecord): Promise<boolean> {
  const account: Account = { variant: placed.variant, customerId: placed.customerId };
  return db.transaction('rw', [db.outbox, db.kv, db.callBacks], async () => {
    const all = (await kvGet(db, 'placedOrders')) ?? [];
    const current = all.find((o) => o.key === placed.key);
    if (!current || current.followUps === 'done') return false;
    const now = Date.now();
    // docs/rules.md#states: comment and promo codes clear with the cart; delivery and payment stay for next time.
    const drafts = (await kvGet(db, 'checkoutDrafts')) ?? {};
    const d = drafts[placed.variant];
    if (d)
      await kvSet(db, 'checkoutDrafts', {
        ...drafts,
        [placed.variant]: { ...d, comment: '', veloCode: '', friendCode: '', needCall: false, updatedAt: now },
      });
    for (const code of placed.codes) {
      await enqueueInTransaction(
        db,
        orderPromocode,
        { code, orderId: placed.orderId, shopDomain: SHOP_DOMAINS[placed.variant] },
        account,
        now,
      );
    }
    if (placed.call) {
      const c = placed.call;
      const rowId = uuidV4();
      await db.callBacks.put({
        id: rowId,
        variant: placed.variant,
        date: '',
        from: c.from,
        to: c.to,
        state: 'waiting',
        message: null,
        createdAt: now,
      });
      await enqueueInTransaction(
        db,
        orderPhoneCall,
        {
          rowId,
          orderSum: placed.total,
          orderNumber: placed.orderNumber,
          orderPayment: placed.paymentMethod,
          callFrom: c.from,
          callTo: c.to,
          day: c.day,
          phone: c.phone,
          avgCheck: c.orders_count > 0 ? Math.round((c.total_spent / c.orders_count) * 100) / 100 : 0,
          first_name: c.first_name,
          totalSpent: c.total_spent,
          orders_count: c.orders_count,
        },
        account,
        now,
      );
    }
    if (placed.ipost)
      await enqueueInTransaction(
        db,
        orderIpostAddress,
        { placedKey: placed.key, variant: placed.variant, orderId: placed.orderId, ...placed.ipost },
        account,
        now,
      );
    await kvSet(
      db,
      'placedOrders',
      all.map((o) => (o.key === placed.key ? { ...o, followUps: 'done' as const } : o)),
      now,
    );
    // The member's record (orders count, the velo-used tag, XP) and the history are due again,
    // even if the page goes before the pulls below are done: the next start pulls them.
    await clearFresh(db, memberPuller.name);
    await clearFresh(db, ordersPuller(placed.variant).name);
    return true;
  });
}

function deviceInfo() {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const os = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iOS'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS/i.test(ua)
          ? 'macOS'
          : /Linux/i.test(ua)
            ? 'Linux'
            : 'Інша';
  const version = /(?:Android|OS|Windows NT|Mac OS X) ([\d._]+)/.exec(ua)?.[1]?.replace(/_/g, '.') ?? '';
  return { osName: os, osVersion: version, phoneBrand: '', phoneModel: ua };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the follow-ups of every placed order that still has them (docs/rules.md#states, docs/api.md#orders): the lines the
 * order took leave the cart (one cart change), then the call-back, promo codes and courier are
 * queued and sent; the courier once more after {@link IPOST_RETRY_MS} when the first send did
 * not go through. Safe to call again: an order's follow-ups are queued once. The screens call it
 * after an order and on opening the checkout pages (an order answered after a reload).
 */
export function finishPlacedOrders(env: CheckoutEnv): Promise<number> {
  // One run at a time; a call while one runs gets one more run after it (it may have come for an
  // order the running one did not see yet). Calls meanwhile share that next run.
  const runs = finishing.get(env.db) ?? { running: null, next: null };
  finishing.set(env.db, runs);
  if (!runs.running) {
    runs.running = finishAll(env).finally(() => {
      runs.running = null;
    });
    return runs.running;
  }
  runs.next ??= runs.running.then(() => {
    runs.next = null;
    return finishPlacedOrders(env);
  });
  return runs.next;
}

/** The follow-up runs of each page (its database), as `inflightOf`. */
const finishing = new WeakMap<ClubDb, { running: Promise<number> | null; next: Promise<number> | null }>();

async function finishAll(env: CheckoutEnv): Promise<number> {
  const pending = ((await kvGet(env.db, 'placedOrders')) ?? []).filter((o) => o.followUps === 'pending');
  let done = 0;
  for (const placed of pending) {
    const account: Account = { variant: placed.variant, customerId: placed.customerId };
    try {
      await clearOrderedLines(env.db, account, placed.variantIds);
      if (!(await queueFollowUps(env.db, placed))) continue;
    } catch (e) {
      // Left pending: the next page that sees it tries again.
      console.error('[checkout] follow-ups of an order', e);
      continue;
    }
    done += 1;
    await trackOrderDevice(env.db, account, { orderId: placed.orderId, ...deviceInfo() }).catch(() => undefined);
    if (!env.online.isOnline()) continue;
    await env.outbox.replay({ force: true });
    if (placed.ipost && (await ipostStillWaiting(env.db, placed.key))) {
      await sleep(IPOST_RETRY_MS);
      await env.outbox.replay({ force: true });
    }
  }
  if (pending.length > 0 && env.online.isOnline()) {
    // The record's orders count, tags (velo used) and XP, and the history with the new order.
    await pullMember(env);
    for (const v of new Set(pending.map((p) => p.variant))) await pullOrders(env, v);
  }
  return done;
}

async function ipostStillWaiting(db: ClubDb, key: string): Promise<boolean> {
  return ((await kvGet(db, 'placedOrders')) ?? []).find((o) => o.key === key)?.ipostState === 'waiting';
}

export { pullCtx };
