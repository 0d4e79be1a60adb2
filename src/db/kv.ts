import type { DeliveryChoice } from '../domain/delivery/shipping-address';
import type { ClubDb } from './database';
import type { CartLine } from '../domain/cart/cart';
import type { Variant } from './rows-catalogue';

/** Which outside services the server has on (get-version's `providers`). */
export interface ServerProviders {
  card: boolean;
  sms: boolean;
  testLogin: boolean;
  ageCheck: boolean;
}

/** A token the server issued with its expiry (docs/rules.md#entities "Analytics token: token, expired_at"). */
export interface ExpiringToken {
  token: string;
  /** ISO date-time from the server. */
  expiresAt: string;
}

/**
 * Every key of the key-value store and the type of its value. The session lives here rather
 * than in cookies or localStorage so that the service worker can read it too.
 */
export interface KvValues {
  /** Bearer token of the signed-in member (docs/rules.md#roles `pwaToken`). */
  pwaToken: string;
  /** Shop customer ids per variant (`gloShopId`, `ogoShopId`, velo `shopifyId`). */
  customerIds: Partial<Record<Variant, number>>;
  phone: string;
  /** The variant flag (docs/rules.md#roles `is{product}`): which app variant is active. */
  variant: Variant;
  /** docs/rules.md#validation: the member is age-verified (tags or metafield). */
  ageVerified: boolean;
  /**
   * What the sign-in's cookies carried (the `usertoken` expiry, epoch ms; whether `showIs18` was
   * answered), so a cookie jar lost to a killed browser is restored on start (./peek-session.ts).
   */
  cookieSession: { expiresAt: number; is18: boolean };
  /** Analytics token (get-bat-token), kept until its expiry. Cleared on an analytics 401 (docs/rules.md#error-reactions). */
  batToken: ExpiringToken;
  /** Certificate token (cert/get-auth). Cleared on `cert_unauthenticated` (docs/rules.md#error-reactions). */
  certToken: ExpiringToken;
  /** Feedback token (feedback/get-auth). Cleared on a feedback 401 (docs/rules.md#error-reactions). */
  feedbackToken: ExpiringToken;
  /** ogo auth token (get-ogo-token). */
  ogoAuthToken: ExpiringToken;
  /** Views an action's answer changed, waiting for a page to pull them again at once (src/sync/engine/views.ts). */
  viewsDue: Array<{ view: string; variant: Variant; mark?: number }>;
  /** Last outbox sequence number handed out. */
  outboxSeq: number;
  /**
   * A random name of this database, made once: a note of unsent changes kept outside it names it,
   * so a database the browser wiped and made anew is told from one logout emptied (kept by
   * resetAllStores). Never sent anywhere. (src/sync/engine/unsent-marker.ts)
   */
  storeId: string;
  /** Fallback lock where Web Locks are missing: who replays the outbox, until when (epoch ms). */
  outboxLease: { owner: string; until: number };
  /** Favourites as the server last confirmed them, per variant (product ids, in order); `rev` counts writes. */
  favouritesConfirmed: { rev: number; lists: Partial<Record<Variant, number[]>> };
  /** Carts as the server last confirmed them (the `pwa`/`cart` metafield), per variant; `rev` counts writes. */
  cartConfirmed: { rev: number; carts: Partial<Record<Variant, CartLine[]>> };
  /** Feedback "can write" per brand (docs/rules.md#entities Feedback: per brand {showCan, canFeedback}); pulled every 30 min. */
  feedbackFlags: Partial<
    Record<
      'glo' | 'ogo' | 'velo',
      { showCan: boolean; canFeedback: Array<{ id: number; order_number: number; created_at: string; total: number }> }
    >
  >;
  /** In-store purchases that can take feedback (docs/rules.md#entities offline {showCan}, offlineOrders), of both brands (`variant`: whose store; none = glo, as stored before); pulled every 30 min. */
  offlineOrders: {
    showCan: boolean;
    orders: Array<{
      id: number;
      variant?: 'glo' | 'ogo';
      store: string;
      address: string;
      date: string;
      total: number;
      canFeedback: boolean;
      feedbackId: number | null;
    }>;
  };
  /** The server's outside services that are on (get-version): the app hides what is off. */
  providers: ServerProviders;
  /** Cached content flags cleared when the app version changes (docs/rules.md#states). */
  menuLink: string;
  rulesCache: string;
  /** The member's shop records as last pulled (docs/rules.md#entities "User (shop record, per variant)"). */
  memberRecords: Partial<Record<Variant, MemberRecord>>;
  /** The member's invite code (docs/rules.md#entities "Invite: mgmCode", invite/get-promo-code). */
  mgmCode: string;
  /** Birth date YYYY-MM-DD as given at registration or the age check (metafield `pwa`/`birth_date`). */
  birthDate: string;
  /** Delivery address of the profile (docs/rules.md#entities Delivery); the local truth while its save waits. */
  deliveryAddress: ProfileAddress;
  /**
   * Members the member invited (user/get-referrals), with the XP they brought as the server's
   * ledger holds it: `earned` by variant, `pending` owed (absent in values kept by older versions).
   */
  referrals: {
    mgmCode: string | null;
    count: number;
    ordered: number;
    list: Array<{
      first_name: string;
      last_initial: string;
      joined_at: string;
      first_order: boolean;
      xp?: number;
      pending_xp?: number;
    }>;
    earned?: { glo: number; ogo: number };
    pending?: number;
  };
  // Sync.
  /**
   * Whole-value metafields (favourites, the cart mirror) as the server last said it holds them,
   * by `<variant>:<namespace>/<key>`: the base queued changes are rebased on (src/sync/mutations/shop/metafield-base.ts).
   */
  metafieldBases: Record<string, MetafieldBase>;
  // Club programmes (certificates, invite, feedback, subscription, marathon):
  /** Orders the feedback popup (docs/rules.md#entities) already asked about (showPopup: once per order), newest last. */
  feedbackPromptShown: number[];
  // Content and support (news, FAQ, vocabulary, stores, offers, support).
  /**
   * Epoch ms of the first content pull under the current app version. A new server version
   * clears it with the other content flags (docs/rules.md#states), and the next content pull then drops every
   * content freshness stamp, so each content screen is pulled afresh when next opened.
   */
  contentFlag: number;
  // Scanning, XP and devices
  /** The store consultant read from a badge QR per variant (save-manager, docs/api.md#scan), sent once. */
  scanManager: Partial<
    Record<
      'glo' | 'ogo',
      { manager: string; from: string; state: 'waiting' | 'saved' | 'refused'; message: string | null; at: number }
    >
  >;
  // Checkout (the shop journey to a paid order: cart codes, delivery, payment, placed orders).
  /** What the member chose on the way to an order, per shop (docs/rules.md#entities Shop state); it survives a reload. */
  checkoutDrafts: Partial<Record<'glo' | 'ogo', CheckoutDraft>>;
  /** Orders placed from this device and what follows them (cart cleared, call-back, promo code, courier). */
  placedOrders: PlacedOrderRecord[];
  /** The last get-liqpay-link answer (docs/rules.md#states "success with link stores it"), by the entry that asked. */
  paymentLink: { key: string; orderId: number; success: boolean; link: string; at: number };
  /** Local courier token (ipost/auth), kept until its server expiry. */
  ipostToken: ExpiringToken;
}

/** A metafield as the server holds it: `value` null when it has none; `revision` null when the server gives none. */
export interface MetafieldBase {
  value: string | null;
  revision: number | null;
  /** Epoch ms when it was read or written. */
  at: number;
}

/** docs/rules.md#entities Shop state and Delivery as /shop/delivery, /shop/payment and the cart keep them. */
export interface CheckoutDraft {
  /** The delivery choice; `cityRef` and `branchNumber` when picked from the carrier's lists. */
  delivery: ProfileAddress & { cityRef?: string; branchNumber?: number };
  /** Method 3: the courier's day ('YYYY-MM-DD', Kyiv) and time window ('HH:MM'). */
  ipostWindow?: { date: string; from: string; to: string };
  /** The last ipost city-available answer for `city` (docs/api.md#delivery); 'failed' when it could not be asked. */
  ipostCheck?: { city: string; state: 'available' | 'unavailable' | 'failed'; served: string[] };
  /** Why the delivery method was changed for the member (docs/rules.md#states fallback to 1), shown until read. */
  notice?: string | null;
  /** docs/rules.md#constants: 1 cash on delivery, 2 card (an order with nothing to pay in money goes in XP). */
  payment: 1 | 2;
  comment: string;
  needCall: boolean;
  /** docs/rules.md#validation: day label 'Сьогодні' (today) or another (tomorrow), from and to 'HH:MM'. */
  callBack: { day: string; from: string; to: string };
  /** The velo promo and a friend's REW- code typed in the cart (docs/rules.md#validation); '' when none. */
  veloCode: string;
  friendCode: string;
  updatedAt: number;
}

/** An order placed from this device (create-order's answer) and its follow-ups (docs/rules.md#states, docs/api.md#orders). */
export interface PlacedOrderRecord {
  /** The create-order entry id (its Idempotency-Key). */
  key: string;
  variant: 'glo' | 'ogo';
  customerId: number;
  orderId: number;
  orderNumber: number;
  /** UAH, and XP spent. */
  total: number;
  xpTotal: number;
  /** 1 cash, 2 card, 3 XP. */
  paymentMethod: number;
  financialStatus: string;
  placedAt: number;
  /** The cart lines the order took (cleared after it). */
  variantIds: number[];
  /** Promo codes used with it (send-promocode). */
  codes: string[];
  /** send-phone-call, when the member asked to be called. */
  call: {
    day: string;
    from: string;
    to: string;
    phone: string;
    first_name: string;
    total_spent: number;
    orders_count: number;
  } | null;
  /** ipost send-address for delivery 3. */
  ipost: { city: string; street: string; flat: string; date: string; from: string; to: string; comment: string } | null;
  /** 'pending' until the cart, codes and comment are cleared and the follow-ups queued. */
  followUps: 'pending' | 'done';
  ipostState: 'none' | 'waiting' | 'sent' | 'failed';
  ipostMessage: string | null;
}

/** One shop record of the member (docs/rules.md#entities), without its metafields. */
export interface MemberRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  tags: string[];
  orders_count: number;
  total_spent: number;
}

/** The delivery the profile keeps for the next order: the same fields as the checkout's choice. */
export type ProfileAddress = DeliveryChoice;

export type KvKey = keyof KvValues;

/** Keys cleared when the app version changes (docs/rules.md#states "clear cached content flags"). */
export const CONTENT_FLAG_KEYS: readonly KvKey[] = ['menuLink', 'rulesCache', 'contentFlag'];

export async function kvGet<K extends KvKey>(db: ClubDb, key: K): Promise<KvValues[K] | undefined> {
  const row = await db.kv.get(key);
  return row?.value as KvValues[K] | undefined;
}

/** Writes one key; joins the caller's transaction when there is one. */
export async function kvSet<K extends KvKey>(db: ClubDb, key: K, value: KvValues[K], now = Date.now()): Promise<void> {
  await db.kv.put({ key, value, updatedAt: now });
}

export async function kvDelete(db: ClubDb, ...keys: KvKey[]): Promise<void> {
  await db.kv.bulkDelete(keys);
}

/** Freshness stamps of the pullers live under `fresh:<name>`: the time until which data counts as fresh. */
const freshKey = (name: string) => `fresh:${name}`;
const staleKey = (name: string) => `stale:${name}`;

/** Epoch ms until which the puller `name` need not run again, or 0 when it never ran. */
export async function freshUntil(db: ClubDb, name: string): Promise<number> {
  const row = await db.kv.get(freshKey(name));
  return typeof row?.value === 'number' ? row.value : 0;
}

export async function markFresh(db: ClubDb, name: string, until: number, now = Date.now()): Promise<void> {
  await db.kv.put({ key: freshKey(name), value: until, updatedAt: now });
}

/**
 * The data of puller `name` is out of date (a member's action changed it): the next pull runs, and
 * the stale count goes up, so a pull already under way when this happened does not store its
 * answer, which may predate the action (runPuller fetches again).
 */
export async function clearFresh(db: ClubDb, name: string): Promise<void> {
  await db.kv.delete(freshKey(name));
  await db.kv.put({ key: staleKey(name), value: (await staleCount(db, name)) + 1, updatedAt: Date.now() });
}

/** How many times the data of puller `name` was declared out of date ({@link clearFresh}). */
export async function staleCount(db: ClubDb, name: string): Promise<number> {
  const row = await db.kv.get(staleKey(name));
  return typeof row?.value === 'number' ? row.value : 0;
}
