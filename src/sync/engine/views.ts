import type { ClubDb } from '../../db/database';
import { clearFresh, kvGet, kvSet } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import type { OutboxEntry } from '../../db/rows-sync';

/**
 * The local views a member's action can change ("no screen shows a figure older than
 * the member's own last action"). Every mutation kind and every online-only call names the views
 * it changes (`views` in `defineMutation`); when its answer settles, the views' freshness stamps
 * are cleared in the same transaction and the views are queued in `kv.viewsDue`, where a page
 * runs their pullers again at once (views-refresh.ts). See ./README.md "Views".
 *
 * - `xp`: the variant's XP balance and XP history (get-bonus-history; /history-bonuses, home)
 * - `scan-stats`: the month's scans, progress and XP (/scanning)
 * - `scan-history`: the scan history's lines, count and XP (/scan/history)
 * - `devices`: registered devices (/my-devices)
 * - `orders`: the order history (/history-order)
 * - `member`: the member's records of both variants (names, e-mail, XP balances)
 * - `mirrors`: cart, favourites and profile metafields (get-metafields)
 * - `referrals`: invited friends (/profile/referral)
 * - `marathon`: the marathon and its quiz
 * - `certificates`: the member's certificates (/certificates/my-list)
 * - `feedback`: what can be rated and the member's feedback (/feedback)
 * - `subscription`: the subscription's state and history
 */
export type ViewName =
  | 'xp'
  | 'scan-stats'
  | 'scan-history'
  | 'devices'
  | 'orders'
  | 'member'
  | 'mirrors'
  | 'referrals'
  | 'marathon'
  | 'certificates'
  | 'feedback'
  | 'subscription';

/** Glo and ogo keep their own scan and XP records; velo's live with ogo (docs/rules.md#product, docs/rules.md#roles). */
const scanV = (v: Variant): 'glo' | 'ogo' => (v === 'glo' ? 'glo' : 'ogo');

/**
 * The freshness stamps (puller names) of each view for a variant. Kept here as plain names so the
 * outbox (and the service worker) need not load the pullers; tests/unit/sync/views.test.ts checks
 * they are the names of the pullers views-pullers.ts runs.
 */
export const VIEW_STAMPS: Record<ViewName, (v: Variant) => string[]> = {
  xp: (v) => [`doc:${scanV(v)}:bonus-history`],
  'scan-stats': (v) => [`doc:${scanV(v)}:scan-stats`],
  'scan-history': (v) => [`doc:${scanV(v)}:scan-history`],
  devices: (v) => [`devices:${scanV(v)}`],
  orders: (v) => [`doc:${scanV(v)}:orders`],
  member: () => ['member'],
  mirrors: () => ['mirrors'],
  referrals: () => ['referrals'],
  marathon: (v) => [`doc:${v}:marathon`, `doc:${v}:quiz`],
  certificates: (v) => [`doc:${v}:cert-list`],
  feedback: (v) => ['feedbackFlags', 'offlineOrders', `doc:${v}:feedback-list`],
  subscription: (v) => [`doc:${v}:sub-state`, `doc:${v}:sub-history`],
};

export const VIEW_NAMES = Object.keys(VIEW_STAMPS) as ViewName[];

/**
 * Counted up (as a stale count, `clearFresh`) whenever an action that changes a variant's XP
 * settles. Besides the XP history pull of the `xp` view, the member and month-stats pulls write the
 * XP balance rows too; one whose fetch began before the action may carry the balance from before
 * it, and written after the action's answer it would put the old figure back on every screen. Those
 * pulls write a variant's balance only if its count did not move during their fetch
 * (pullers/xp-balances.ts).
 */
export const xpBalanceStamp = (v: Variant): string => `xpBalance:${scanV(v)}`;

/** A view of one variant that must be pulled again. */
export interface DueView {
  view: ViewName;
  variant: Variant;
}

/** A view in the queue, with the mark of the settlement that queued it last. */
export interface QueuedView extends DueView {
  mark?: number;
}

/** Declared by every mutation kind: the views its answer (or its refusal) changes; `[]` for reports that change none (analytics). */
export type ViewsOf<P> = readonly ViewName[] | ((entry: OutboxEntry<P>) => readonly ViewName[]);

export function viewsOfEntry<P>(views: ViewsOf<P>, entry: OutboxEntry<P>): DueView[] {
  const list = typeof views === 'function' ? views(entry) : views;
  return list.map((view) => ({ view, variant: entry.account.variant }));
}

const keyOf = (d: DueView) => `${d.view}:${d.variant}`;

/** The freshness stamps (puller names) of some views of some variants. */
export function stampsOfViews(views: readonly DueView[]): string[] {
  return [...new Set(views.flatMap((d) => VIEW_STAMPS[d.view]?.(d.variant) ?? []))];
}

/**
 * Inside the transaction that settles an action: its views stop counting as fresh and are queued
 * for a pull at once (the `kv` table is part of every settlement). A view already queued gets this
 * settlement's mark, so a pull that began before it does not take it off the queue
 * ({@link dropViewsDue}). Nothing to do for none.
 */
export async function markViewsDue(db: ClubDb, due: readonly DueView[], now = Date.now()): Promise<void> {
  if (!due.length) return;
  for (const d of due) for (const name of VIEW_STAMPS[d.view](d.variant)) await clearFresh(db, name);
  for (const d of due) if (d.view === 'xp') await clearFresh(db, xpBalanceStamp(d.variant));
  const mark = Math.random();
  const queued = new Map((((await kvGet(db, 'viewsDue')) ?? []) as QueuedView[]).map((q) => [keyOf(q), q]));
  for (const d of due) queued.set(keyOf(d), { view: d.view, variant: d.variant, mark });
  await kvSet(db, 'viewsDue', [...queued.values()], now);
}

/**
 * The queued views, left in the queue until they are pulled ({@link dropViewsDue}): a page closed
 * or reloaded in the middle of a pull leaves them for the next start, and "nothing due" means the
 * pulls are done. Two tabs may pull the same view; the second pull only writes the same rows.
 */
export async function peekViewsDue(db: ClubDb): Promise<QueuedView[]> {
  const queued = ((await kvGet(db, 'viewsDue')) ?? []) as QueuedView[];
  return queued.filter((d) => d.view in VIEW_STAMPS);
}

/**
 * Drops the views pulled from the queue, and any of a name no longer known, in one transaction.
 * Views queued meanwhile stay, and so does a pulled view queued again meanwhile (its mark changed):
 * its pull may have carried the figures from before that settlement.
 */
export function dropViewsDue(db: ClubDb, pulled: readonly QueuedView[]): Promise<void> {
  const done = new Set(pulled.map((d) => `${keyOf(d)}:${d.mark}`));
  return db.transaction('rw', db.kv, async () => {
    const queued = ((await kvGet(db, 'viewsDue')) ?? []) as QueuedView[];
    const rest = queued.filter((d) => d.view in VIEW_STAMPS && !done.has(`${keyOf(d)}:${d.mark}`));
    if (rest.length === queued.length) return;
    if (rest.length) await kvSet(db, 'viewsDue', rest);
    else await db.kv.delete('viewsDue');
  });
}
