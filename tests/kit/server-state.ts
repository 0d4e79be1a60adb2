import type { AppDeps } from '../../server/context';
import { parseCartMirror } from '../../src/sync/mutations/shop/cart-mirror';
import { parseFavouriteIds } from '../../src/sync/mutations/shop/favourites-state';

/** A member as the kit knows them: the person, and their shop record of each variant. */
export interface KitMember {
  id: number;
  phone: string;
  firstName: string;
  /** Customer (shop record) ids; ogo is null until the member has one. */
  glo: number;
  ogo: number | null;
}

type Variants<T> = { glo: T; ogo: T };

/** What the server holds for one member, in the member's terms. */
export interface ServerState {
  /** XP balance of each record (null: no ogo record). */
  xp: { glo: number; ogo: number | null };
  favourites: Variants<number[]>;
  /** The cart mirror of each shop: variant id and count of each line. */
  cart: Variants<Array<{ variantId: number; count: number }>>;
  /** Codes credited to the member, sorted. */
  scans: string[];
  /** Photos of codes the server read for the member. */
  photos: number;
  /** Store consultants saved for the member's records. */
  managers: string[];
  /** Serials of the member's registered devices, sorted. */
  devices: string[];
  orders: Array<{ id: number; number: number; variant: 'glo' | 'ogo'; total: number; xpTotal: number; status: string }>;
  /** Call-back requests, with the order each is about (null: one from /support). */
  callBacks: Array<{ orderId: number | null; date: string; from: string; to: string }>;
  promocodes: string[];
  /** Courier (iPost) bookings. */
  ipost: number;
  /** Card payment links asked for. */
  paymentLinks: number;
  feedback: Array<{
    kind: 'online' | 'offline';
    orderId: number | null;
    purchaseId: number | null;
    rating: number;
    photos: number;
  }>;
  certificates: Array<{ partnerId: number; nominal: number; xpPrice: number }>;
  /** Marathon questions answered. */
  quizAnswers: number[];
  /** Subscription changes in order ('subscribed', 'paused', 'resumed', 'cancelled'), and the current one. */
  subscription: { status: string; planId: number } | null;
  subscriptionChanges: string[];
  tags: Variants<string[]>;
  /** Profile fields kept as metafields (`pwa` namespace) of the glo record. */
  profile: { deliveryAddress: string | null; birthDate: string | null };
  /** Analytics calls stored, by kind ('bat-event', 'auth-bat', 'esputnik-contact', …). */
  analytics: Record<string, number>;
}

const sorted = <T>(xs: T[]) => [...xs].sort();

/** Reads what the server holds for `m` (straight from its database). */
export async function serverState(deps: AppDeps, m: KitMember): Promise<ServerState> {
  const { db } = deps;
  const ids = [m.glo, ...(m.ogo ? [m.ogo] : [])];
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'variant', 'xp_balance', 'tags'])
    .where('id', 'in', ids)
    .execute();
  const of = (v: 'glo' | 'ogo') => customers.find((c) => c.variant === v);
  const metafields = await db
    .selectFrom('metafields')
    .select(['customer_id', 'key', 'value'])
    .where('customer_id', 'in', ids)
    .where('namespace', '=', 'pwa')
    .execute();
  const mf = (id: number | null | undefined, key: string) =>
    metafields.find((x) => x.customer_id === id && x.key === key)?.value ?? null;
  const favs = (v: 'glo' | 'ogo') => sorted(parseFavouriteIds(mf(of(v)?.id, 'favorites')));
  const cart = (v: 'glo' | 'ogo') => {
    const raw = mf(of(v)?.id, 'cart');
    return (raw ? parseCartMirror(raw) : []).map((l) => ({ variantId: l.variantId, count: l.count }));
  };
  const codes = await db.selectFrom('scan_codes').select('code').where('used_by', 'in', ids).execute();
  const orders = await db.selectFrom('orders').selectAll().where('customer_id', 'in', ids).orderBy('id').execute();
  const orderIds = orders.map((o) => o.id);
  const feedback = await db
    .selectFrom('feedback_entries')
    .selectAll()
    .where('member_id', '=', m.id)
    .orderBy('id')
    .execute();
  const photos = feedback.length
    ? await db
        .selectFrom('feedback_photos')
        .select('feedback_id')
        .where(
          'feedback_id',
          'in',
          feedback.map((f) => f.id),
        )
        .execute()
    : [];
  const subs = await db.selectFrom('subscriptions').selectAll().where('member_id', '=', m.id).orderBy('id').execute();
  const subEvents = subs.length
    ? await db
        .selectFrom('subscription_events')
        .select(['kind', 'id'])
        .where(
          'subscription_id',
          'in',
          subs.map((x) => x.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const current = subs.find((x) => x.status !== 'cancelled') ?? null;
  const analytics: Record<string, number> = {};
  for (const a of await db.selectFrom('analytics_events').select('kind').where('member_id', '=', m.id).execute())
    analytics[a.kind] = (analytics[a.kind] ?? 0) + 1;
  return {
    xp: { glo: of('glo')?.xp_balance ?? 0, ogo: of('ogo')?.xp_balance ?? null },
    favourites: { glo: favs('glo'), ogo: favs('ogo') },
    cart: { glo: cart('glo'), ogo: cart('ogo') },
    scans: sorted(codes.map((c) => c.code)),
    photos: (await db.selectFrom('multiscan_photos').select('id').where('customer_id', 'in', ids).execute()).length,
    managers: (await db.selectFrom('scan_managers').select('manager').where('customer_id', 'in', ids).execute()).map(
      (x) => x.manager,
    ),
    devices: sorted(
      (await db.selectFrom('devices').select('serial').where('member_id', '=', m.id).execute()).map((d) => d.serial),
    ),
    orders: orders.map((o) => ({
      id: o.id,
      number: o.order_number,
      variant: o.variant,
      total: o.total,
      xpTotal: o.xp_total,
      status: o.financial_status,
    })),
    callBacks: (
      await db.selectFrom('call_back_requests').selectAll().where('member_id', '=', m.id).orderBy('id').execute()
    ).map((c) => ({ orderId: c.order_id, date: c.call_date, from: c.time_from, to: c.time_to })),
    promocodes: (await db.selectFrom('order_promocodes').select('code').where('member_id', '=', m.id).execute()).map(
      (p) => p.code,
    ),
    ipost: (await db.selectFrom('ipost_requests').select('id').where('member_id', '=', m.id).execute()).length,
    paymentLinks: orderIds.length
      ? (await db.selectFrom('card_payments').select('id').where('order_id', 'in', orderIds).execute()).length
      : 0,
    feedback: feedback.map((f) => ({
      kind: f.kind,
      orderId: f.order_id,
      purchaseId: f.offline_purchase_id,
      rating: f.rating,
      photos: photos.filter((p) => p.feedback_id === f.id).length,
    })),
    certificates: (
      await db.selectFrom('cert_certificates').selectAll().where('member_id', '=', m.id).orderBy('id').execute()
    ).map((c) => ({ partnerId: c.partner_id, nominal: c.nominal, xpPrice: c.xp_price })),
    quizAnswers: sorted(
      (await db.selectFrom('marathon_answers').select('question_id').where('member_id', '=', m.id).execute()).map(
        (a) => a.question_id,
      ),
    ),
    subscription: current ? { status: current.status, planId: current.plan_id } : null,
    subscriptionChanges: subEvents.map((e) => e.kind),
    tags: {
      glo: JSON.parse(of('glo')?.tags ?? '[]') as string[],
      ogo: JSON.parse(of('ogo')?.tags ?? '[]') as string[],
    },
    profile: { deliveryAddress: mf(m.glo, 'delivery_address'), birthDate: mf(m.glo, 'birth_date') },
    analytics,
  };
}
