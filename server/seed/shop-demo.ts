import type { DeliveryChoice } from '../../src/domain/delivery/shipping-address';
import type { AppDeps, Member } from '../context';
import { ensureCustomer } from '../members';
import { registerSerial } from '../routes/shop/devices';
import { providersOf } from '../providers';
import { createOrderFor } from '../routes/shop/order-create';
import { recordReferralCredit, settleReferral } from '../routes/shop/referral-credits';
import { changeXp } from '../xp';

const DAY = 86_400_000;

/** What happens to a demo order after it is placed. */
type Fate = 'delivered' | 'in_transit' | 'confirmed' | 'waiting_payment';

interface DemoOrder {
  daysAgo: number;
  ogo?: boolean;
  items: ReadonlyArray<[sku: string, quantity: number]>;
  payment: 1 | 2;
  delivery: DeliveryChoice;
  fate: Fate;
  callBack?: { day: string; from: string; to: string };
  note?: string;
  /** A card order paid a second time (another attempt's link), that second payment given back. */
  paidTwice?: true;
}

const KYIV_BRANCH: DeliveryChoice = {
  method: 1,
  city: 'Київ',
  province: 'Київська',
  branch: 'Відділення №12: вул. Хрещатик, 22',
};
const KYIV_DOOR: DeliveryChoice = {
  method: 2,
  city: 'Київ',
  province: 'Київська',
  street: 'вул. Велика Васильківська',
  house: '72',
  flat: '15',
};
const KYIV_IPOST: DeliveryChoice = {
  method: 3,
  city: 'Київ',
  province: 'Київська',
  street: 'вул. Велика Васильківська, 72',
  flat: '15',
};

/** Олена's orders: cash, card (paid, paid twice and refunded once, one waiting for payment), paid with XP, glo and ogo, iPost. */
const OLENA_ORDERS: readonly DemoOrder[] = [
  {
    daysAgo: 95,
    items: [
      ['sticks-amber-20', 3],
      ['sticks-mint-20', 2],
      ['accessories-cable', 1],
    ],
    payment: 1,
    delivery: KYIV_BRANCH,
    fate: 'delivered',
  },
  {
    daysAgo: 70,
    items: [
      ['devices-plus-rose', 1],
      ['accessories-silicone-coral', 1],
    ],
    payment: 2,
    delivery: KYIV_DOOR,
    fate: 'delivered',
    paidTwice: true,
  },
  { daysAgo: 45, items: [['bonus-thermo', 1]], payment: 1, delivery: KYIV_BRANCH, fate: 'delivered' },
  {
    daysAgo: 40,
    ogo: true,
    items: [
      ['ogo-velo-freeze', 3],
      ['ogo-velo-gift-freeze', 1],
      ['ogo-sticks-single-classic', 2],
    ],
    payment: 2,
    delivery: KYIV_BRANCH,
    fate: 'delivered',
    paidTwice: true,
  },
  {
    daysAgo: 14,
    items: [
      ['sticks-amber-200', 1],
      ['sticks-mix-fresh', 1],
    ],
    payment: 1,
    delivery: KYIV_DOOR,
    fate: 'delivered',
    note: 'Будь ласка, зателефонуйте за годину до доставки',
  },
  { daysAgo: 3, items: [['devices-pro-graphite', 1]], payment: 2, delivery: KYIV_BRANCH, fate: 'in_transit' },
  {
    daysAgo: 2,
    ogo: true,
    items: [
      ['ogo-velo-polar', 2],
      ['ogo-sticks-single-menthol', 3],
    ],
    payment: 1,
    delivery: KYIV_IPOST,
    fate: 'in_transit',
  },
  {
    daysAgo: 1,
    items: [
      ['sticks-ice-20', 4],
      ['accessories-stick-case', 1],
    ],
    payment: 1,
    delivery: KYIV_BRANCH,
    fate: 'confirmed',
    callBack: { day: 'Завтра', from: '10:00', to: '12:00' },
  },
  { daysAgo: 0.1, items: [['sticks-ruby-20', 5]], payment: 2, delivery: KYIV_BRANCH, fate: 'waiting_payment' },
];

async function variantIdOf(deps: AppDeps, sku: string): Promise<number> {
  const p = await deps.db.selectFrom('products').select('variant_id').where('sku', '=', sku).executeTakeFirst();
  if (!p) throw new Error(`demo order names ${sku}, which the catalogue lacks`);
  return p.variant_id;
}

/** Places a demo order through create-order's own code, then moves it along as time would have. */
async function placeDemo(deps: AppDeps, member: Member, demo: DemoOrder, now: number): Promise<void> {
  // Where card payments are off (production without LiqPay keys) the demo's card orders are cash
  // orders, and none waits for a card payment: the seed never needs a provider that is not there.
  const cardOff = providersOf(deps.config).card === 'off';
  if (cardOff && demo.fate === 'waiting_payment') return;
  const o: DemoOrder = cardOff && demo.payment === 2 ? { ...demo, payment: 1 } : demo;
  const at = new Date(now - o.daysAgo * DAY);
  const line_items = [];
  for (const [sku, quantity] of o.items) line_items.push({ variant_id: await variantIdOf(deps, sku), quantity });
  const r = await createOrderFor(
    deps,
    member,
    {
      order: { line_items, note: o.note },
      ogo: o.ogo,
      delivery: o.delivery,
      payment: o.payment,
      callBack: o.callBack,
      needCall: o.callBack ? true : undefined,
    },
    at,
  );
  const later = new Date(at.getTime() + (o.fate === 'delivered' ? 2 * DAY : 3_600_000)).toISOString();
  const paidByCard = o.payment === 2 && o.fate !== 'waiting_payment';
  if (paidByCard) {
    await deps.db
      .insertInto('card_payments')
      .values({
        order_id: r.order.id,
        provider_order_id: `club-${r.order.order_number}-seed`,
        amount: Math.round(r.order.total * 100),
        status: 'success',
        callback: JSON.stringify({ status: 'success' }),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .execute();
  }
  if (paidByCard && o.paidTwice) {
    const back = new Date(at.getTime() + 600_000).toISOString();
    await deps.db
      .insertInto('card_payments')
      .values({
        order_id: r.order.id,
        provider_order_id: `club-${r.order.order_number}-seed2`,
        amount: Math.round(r.order.total * 100),
        status: 'refunded',
        callback: JSON.stringify({ status: 'success' }),
        created_at: at.toISOString(),
        updated_at: back,
        refund_attempts: 1,
        refunded_at: back,
      })
      .execute();
  }
  await deps.db
    .updateTable('orders')
    .set({
      // Cash is paid to the carrier on delivery; a card when the callback came.
      financial_status:
        paidByCard || (o.fate === 'delivered' && r.order.payment_method === 1) ? 'paid' : r.order.financial_status,
      fulfillment_status: o.fate === 'delivered' ? 'fulfilled' : null,
      shipment_status: o.fate === 'delivered' ? 'delivered' : o.fate === 'waiting_payment' ? null : o.fate,
      updated_at: later,
    })
    .where('id', '=', r.order.id)
    .execute();
}

/** XP Олена earned besides scans, by days ago: welcome, profile, a campaign, her birthday. */
const OLENA_AWARDS: ReadonlyArray<
  [daysAgo: number, variant: 'glo' | 'ogo', amount: number, reason: string, title: string]
> = [
  [400, 'glo', 500, 'welcome', 'Вітальний бонус клубу'],
  [380, 'ogo', 300, 'welcome', 'Вітальний бонус магазину ogo'],
  [250, 'glo', 250, 'manual', 'Бонус за заповнений профіль'],
  [200, 'glo', 1200, 'promo', 'Осінній марафон: фінал'],
  [150, 'glo', 300, 'manual', 'Подарунок до дня народження'],
];

/**
 * Олена's shop life: XP history (awards, her invited friends' first orders — one still pending —, devices, an order paid
 * with XP), orders of every kind in glo and ogo, registered devices and favourites. All in time
 * order, through changeXp and the shop's own code, so balances and ledger agree.
 */
export async function seedOlenaShop(deps: AppDeps, olena: Member): Promise<void> {
  const now = deps.clock.now().getTime();
  const events: Array<{ daysAgo: number; run: () => Promise<unknown> }> = [];
  for (const [daysAgo, variant, amount, reason, title] of OLENA_AWARDS) {
    events.push({
      daysAgo,
      run: async () =>
        changeXp(deps.db, {
          customerId: (await ensureCustomer(deps.db, olena, variant, new Date(now))).id,
          amount,
          reason,
          title,
          now: new Date(now - daysAgo * DAY),
        }),
    });
  }
  // Her invited friends' first orders, through the shop's own referral credits: credited when
  // the order was paid or handed over, still pending while it waits (and the ledger says so).
  const firstOrders = await deps.db
    .selectFrom('members as m')
    .innerJoin('customers as c', 'c.member_id', 'm.id')
    .innerJoin('orders as o', 'o.customer_id', 'c.id')
    .select(['m.id', 'm.first_name', 'o.id as order_id', 'o.variant', 'o.created_at'])
    .where('m.referred_by', '=', olena.id)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  const friends = firstOrders.filter((o, i) => firstOrders.findIndex((x) => x.id === o.id) === i);
  for (const f of friends) {
    const at = new Date(Date.parse(f.created_at));
    events.push({
      daysAgo: (now - at.getTime()) / DAY,
      run: () =>
        deps.db.transaction().execute(async (trx) => {
          await recordReferralCredit(trx, {
            orderId: f.order_id,
            referrerId: olena.id,
            friendId: f.id,
            friendName: f.first_name,
            variant: f.variant,
            now: at,
          });
          await settleReferral(trx, f.order_id, at);
        }),
    });
  }
  const devices: ReadonlyArray<[number, string, string, boolean]> = [
    [300, 'G1PX7K2M9Q', 'Пристрій Плюс', false],
    [90, 'OG5MN2K8R1', 'Пристрій Міні', true],
    [3, 'G2PR4T8N3W', 'Пристрій Про', false],
  ];
  for (const [daysAgo, serial, model, ogo] of devices)
    events.push({
      daysAgo: daysAgo - 0.01,
      run: () => registerSerial(deps, olena, { serial, model, ogo }, new Date(now - daysAgo * DAY + 864_000)),
    });
  for (const o of OLENA_ORDERS) events.push({ daysAgo: o.daysAgo, run: () => placeDemo(deps, olena, o, now) });

  events.sort((a, b) => b.daysAgo - a.daysAgo);
  for (const e of events) await e.run();
  await seedFavourites(deps, olena, now);
}

/** Favourites as the app keeps them (docs/rules.md#states): metafield pwa/favorites, a JSON array of product ids. */
async function seedFavourites(deps: AppDeps, member: Member, now: number): Promise<void> {
  const lists: ReadonlyArray<['glo' | 'ogo', string[]]> = [
    [
      'glo',
      ['sticks-ice-20', 'sticks-mint-20', 'devices-premium-black', 'accessories-leather-brown', 'sticks-mix-fresh'],
    ],
    ['ogo', ['ogo-velo-freeze', 'ogo-velo-berry-ice', 'ogo-sticks-single-apple']],
  ];
  for (const [variant, skus] of lists) {
    const rows = await deps.db.selectFrom('products').select(['id', 'sku']).where('sku', 'in', skus).execute();
    const ids = skus.map((s) => rows.find((r) => r.sku === s)?.id).filter((id): id is number => id !== undefined);
    const customer = await ensureCustomer(deps.db, member, variant, new Date(now));
    const value = JSON.stringify(ids);
    const updated_at = new Date(now - 5 * DAY).toISOString();
    await deps.db
      .insertInto('metafields')
      .values({ customer_id: customer.id, namespace: 'pwa', key: 'favorites', value, type: 'json', updated_at })
      .onConflict((oc) =>
        oc.columns(['customer_id', 'namespace', 'key']).doUpdateSet({ value, type: 'json', updated_at }),
      )
      .execute();
  }
}

/** Андрій (not age-verified) has one order waiting as a pre-order. */
export async function seedAndriiShop(deps: AppDeps, andrii: Member): Promise<void> {
  await placeDemo(
    deps,
    andrii,
    {
      daysAgo: 6,
      items: [
        ['devices-basic-black', 1],
        ['sticks-gold-20', 2],
      ],
      payment: 1,
      delivery: { method: 1, city: 'Львів', province: 'Львівська', branch: 'Відділення №3: вул. Городоцька, 120' },
      fate: 'confirmed',
    },
    deps.clock.now().getTime(),
  );
}
