import type { AppDeps } from '../context';
import type { Variant } from '../db/tables/core';

const DAY = 86_400_000;

interface DemoPerson {
  first: string;
  last: string;
  email: string;
  /** Days before now the member joined. */
  joinedDaysAgo: number;
  birth: string | null;
  /** Order totals (UAH) of an invited member's orders; empty: none yet. */
  orders?: number[];
  /** Their orders are cash pre-orders not handed over yet (not age-verified): unpaid. */
  unpaid?: true;
}

/** About eight people Олена invited with her code, some of them in the last days; one's first order still waits to be handed over. */
const INVITED: ReadonlyArray<DemoPerson & { phone: string }> = [
  {
    phone: '380632140018',
    first: 'Марія',
    last: 'Шевченко',
    email: 'maria.shevchenko@example.com',
    joinedDaysAgo: 2,
    birth: '1996-03-11',
  },
  {
    phone: '380972250327',
    first: 'Богдан',
    last: 'Ткаченко',
    email: 'bohdan.tkachenko@example.com',
    joinedDaysAgo: 5,
    birth: '1991-07-02',
    orders: [1299],
  },
  {
    phone: '380503310456',
    first: 'Ірина',
    last: 'Бондар',
    email: 'iryna.bondar@example.com',
    joinedDaysAgo: 9,
    birth: null,
    orders: [349],
    unpaid: true,
  },
  {
    phone: '380664470519',
    first: 'Тарас',
    last: 'Кравчук',
    email: 'taras.kravchuk@example.com',
    joinedDaysAgo: 21,
    birth: '1988-12-24',
    orders: [495, 990],
  },
  {
    phone: '380735580623',
    first: 'Софія',
    last: 'Олійник',
    email: 'sofiia.oliinyk@example.com',
    joinedDaysAgo: 38,
    birth: '1999-09-30',
  },
  {
    phone: '380686690734',
    first: 'Максим',
    last: 'Лисенко',
    email: 'maksym.lysenko@example.com',
    joinedDaysAgo: 64,
    birth: '1993-01-15',
    orders: [2199],
  },
  {
    phone: '380957710845',
    first: 'Юлія',
    last: 'Мороз',
    email: 'yuliia.moroz@example.com',
    joinedDaysAgo: 97,
    birth: '1990-05-05',
  },
  {
    phone: '380938820956',
    first: 'Дмитро',
    last: 'Савчук',
    email: 'dmytro.savchuk@example.com',
    joinedDaysAgo: 143,
    birth: '1985-10-19',
    orders: [396],
  },
];

/** Order numbers of the invited members' demo orders start here, far from the shop's own. */
const ORDER_NUMBER_BASE = 70_001;

async function addMember(
  deps: AppDeps,
  phone: string,
  p: DemoPerson,
  extra: { mgm_code?: string; referred_by?: number } = {},
) {
  const now = deps.clock.now().getTime();
  const { id } = await deps.db
    .insertInto('members')
    .values({
      phone,
      first_name: p.first,
      last_name: p.last,
      email: p.email,
      birth_date: p.birth,
      adult_confirmed: 1,
      mgm_code: extra.mgm_code ?? null,
      referred_by: extra.referred_by ?? null,
      created_at: new Date(now - p.joinedDaysAgo * DAY).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function addRecord(
  deps: AppDeps,
  memberId: number,
  phone: string,
  p: DemoPerson,
  variant: Variant,
  tags: string[],
  orders: number[] = [],
) {
  const { id } = await deps.db
    .insertInto('customers')
    .values({
      member_id: memberId,
      variant,
      first_name: p.first,
      last_name: p.last,
      email: p.email,
      phone,
      tags: JSON.stringify(tags),
      note: '',
      orders_count: orders.length,
      total_spent: orders.reduce((s, uah) => s + uah * 100, 0),
      xp_balance: 0,
      created_at: new Date(deps.clock.now().getTime() - p.joinedDaysAgo * DAY).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The demo members, one per allow-listed phone (docs/rules.md#roles): testPhones[0] Олена Коваль, age-verified
 * on both records (glo tag, ogo verification metafield), invite code REW-OLENA7; testPhones[1]
 * Андрій Мельник, not verified. Then the people Олена invited, a few with orders.
 */
export async function seed(deps: AppDeps): Promise<void> {
  const [olenaPhone, andriiPhone] = deps.config.testPhones;
  if (!olenaPhone) return;
  if (await deps.db.selectFrom('members').select('id').where('phone', '=', olenaPhone).executeTakeFirst()) return;

  const olena: DemoPerson = {
    first: 'Олена',
    last: 'Коваль',
    email: 'olena.koval@example.com',
    joinedDaysAgo: 420,
    birth: '1992-04-17',
  };
  const olenaId = await addMember(deps, olenaPhone, olena, { mgm_code: 'REW-OLENA7' });
  await addRecord(deps, olenaId, olenaPhone, olena, 'glo', [
    'pwa_user',
    'age_verified',
    'sms_consent',
    'pwa_installed',
  ]);
  const olenaOgo = await addRecord(deps, olenaId, olenaPhone, olena, 'ogo', ['pwa_user']);
  await deps.db
    .insertInto('metafields')
    .values({
      customer_id: olenaOgo,
      namespace: 'verification',
      key: 'age_verified',
      value: 'true',
      type: 'boolean',
      updated_at: new Date(deps.clock.now().getTime() - 400 * DAY).toISOString(),
    })
    .execute();

  if (andriiPhone) {
    const andrii: DemoPerson = {
      first: 'Андрій',
      last: 'Мельник',
      email: 'andrii.melnyk@example.com',
      joinedDaysAgo: 12,
      birth: null,
    };
    const andriiId = await addMember(deps, andriiPhone, andrii);
    await addRecord(deps, andriiId, andriiPhone, andrii, 'glo', ['pwa_user']);
    await addRecord(deps, andriiId, andriiPhone, andrii, 'ogo', ['pwa_user']);
  }

  let orderNumber = ORDER_NUMBER_BASE;
  for (const p of INVITED) {
    const id = await addMember(deps, p.phone, p, { referred_by: olenaId });
    const tags = p.birth ? ['pwa_user', 'age_verified'] : ['pwa_user'];
    const customerId = await addRecord(deps, id, p.phone, p, 'glo', tags, p.orders);
    for (const [i, uah] of (p.orders ?? []).entries()) {
      const at = new Date(deps.clock.now().getTime() - (p.joinedDaysAgo - 1 - i) * DAY).toISOString();
      await deps.db
        .insertInto('orders')
        .values({
          customer_id: customerId,
          variant: 'glo',
          order_number: orderNumber++,
          financial_status: p.unpaid ? 'pending' : 'paid',
          fulfillment_status: p.unpaid ? null : 'fulfilled',
          payment_method: 1,
          total: uah * 100,
          xp_total: 0,
          tags: JSON.stringify(p.unpaid ? ['PWA', 'pwa_order', 'pre-order'] : ['PWA', 'pwa_order']),
          note: '',
          payload: '{}',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
}
