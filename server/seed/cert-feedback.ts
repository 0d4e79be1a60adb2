import { PNG } from 'pngjs';
import type { AppDeps, Member } from '../context';
import { ensureCustomer } from '../members';
import { sandboxCertPartner } from '../sandboxes/cert-partner';

const DAY = 86_400_000;
const NOMINALS = [100, 200, 300, 500, 1000] as const;

/** Partners per docs/rules.md#entities category: name, description, colour, code prefix, XP per UAH, nominals. */
const PARTNERS: ReadonlyArray<[number, string, string, string, string, number, readonly number[]]> = [
  [1, 'ТехноСвіт', 'Смартфони, ноутбуки й аксесуари в 120 магазинах', '#1f5fbf', 'TSV', 1.2, NOMINALS],
  [1, 'Гаджет Маркет', 'Навушники, годинники та розумний дім', '#0d8a6a', 'GDM', 1.25, [200, 500, 1000]],
  [1, 'Цифра', 'Фото, відео й ігрові консолі', '#6a2bb8', 'CFR', 1.2, [300, 500, 1000]],
  [1, 'Електрон Плюс', 'Побутова техніка з доставкою по Україні', '#c2410c', 'ELP', 1.3, [500, 1000]],
  [2, 'Свіжий Кошик', 'Супермаркети біля дому', '#2e7d32', 'SVK', 1.1, NOMINALS],
  [2, 'Фермерський Ринок', 'Фермерські продукти з доставкою', '#8d6e2f', 'FRM', 1.15, [200, 300, 500]],
  [2, 'Смачна Хата', 'Кулінарія, кав’ярні й випічка', '#b83b5e', 'SMH', 1.1, [100, 200, 500]],
  [4, 'Мобі Плюс', 'Поповнення рахунку будь-якого тарифу', '#d32f2f', 'MOB', 1.05, [100, 200, 300, 500]],
  [4, 'Зв’язок UA', 'Мобільний зв’язок і домашній інтернет', '#1565c0', 'ZVU', 1.05, [100, 200, 500]],
  [4, 'Лінія 5G', 'Тарифи з безлімітним інтернетом', '#00897b', 'L5G', 1.05, [100, 300, 500]],
  [5, 'Паливо Плюс', 'Мережа АЗС по всій країні', '#f9a825', 'PPL', 1.15, [200, 500, 1000]],
  [5, 'АЗС Магістраль', 'Пальне, кава й хот-доги на трасі', '#37474f', 'AZM', 1.15, [200, 300, 500, 1000]],
  [5, 'Енергія Дороги', 'Пальне та електрозарядки', '#43a047', 'EDR', 1.2, [300, 500, 1000]],
  [6, 'Кіномакс', 'Кінотеатри в 15 містах', '#212121', 'KNM', 1.2, [100, 200, 300]],
  [6, 'Квест Рум', 'Квести й ігри для компаній', '#5d4037', 'QST', 1.25, [300, 500, 1000]],
  [6, 'Боулінг Страйк', 'Боулінг, більярд і караоке', '#283593', 'BWL', 1.2, [200, 500]],
  [6, 'Театр Онлайн', 'Квитки на вистави й концерти', '#7b1fa2', 'TTR', 1.2, [200, 300, 500, 1000]],
  [7, 'Краса Лаб', 'Косметика й догляд', '#e91e63', 'KRL', 1.2, NOMINALS],
  [7, 'Аптека Здоров’я', 'Вітаміни, косметика та засоби догляду', '#00838f', 'APZ', 1.15, [100, 200, 500]],
  [7, 'Beauty Point', 'Салони краси та SPA', '#ad1457', 'BTP', 1.25, [300, 500, 1000]],
];

/** The partner catalogue, once (it needs no members, so tests may run it on its own). */
export async function seedCertCatalogue(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('cert_partners').select('id').limit(1).executeTakeFirst();
  if (any) return;
  for (const [i, [category, name, description, color, prefix, rate, nominals]] of PARTNERS.entries()) {
    const { id } = await deps.db
      .insertInto('cert_partners')
      .values({ category_id: category, name, description, color, code_prefix: prefix, active: 1, sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.db
      .insertInto('cert_nominals')
      .values(nominals.map((n) => ({ partner_id: id, nominal: n, xp_price: Math.round((n * rate) / 10) * 10 })))
      .execute();
  }
}

/** A small gradient picture standing for a customer's photo of the parcel. */
function demoPhoto(): Buffer {
  const png = new PNG({ width: 160, height: 120 });
  for (let y = 0; y < 120; y += 1) {
    for (let x = 0; x < 160; x += 1) {
      const at = (y * 160 + x) * 4;
      png.data[at] = 240 - y;
      png.data[at + 1] = 120 + Math.round(x / 2);
      png.data[at + 2] = 60;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Олена's certificates, in-store purchases and one feedback; skipped when she does not exist. */
async function seedDemoMember(deps: AppDeps, member: Member): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const m = await db.selectFrom('members').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
  const partner = sandboxCertPartner();
  const { externalId } = await partner.register({
    memberId: m.id,
    email: m.email,
    firstName: m.first_name,
    lastName: m.last_name,
  });
  await db
    .insertInto('cert_accounts')
    .values({
      member_id: m.id,
      external_id: externalId,
      email: m.email || `${m.phone}@example.com`,
      first_name: m.first_name || 'Олена',
      last_name: m.last_name || 'Коваль',
      registered_at: at(150).toISOString(),
      updated_at: at(150).toISOString(),
    })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();

  const customer = await ensureCustomer(db, member, 'glo', now);
  const bought: Array<[string, number, number, 'active' | 'used']> = [
    ['ТехноСвіт', 500, 40, 'active'],
    ['Паливо Плюс', 200, 120, 'used'],
  ];
  for (const [name, nominal, daysAgo, status] of bought) {
    const p = await db
      .selectFrom('cert_partners')
      .select(['id', 'code_prefix'])
      .where('name', '=', name)
      .executeTakeFirst();
    const offer =
      p &&
      (await db
        .selectFrom('cert_nominals')
        .selectAll()
        .where('partner_id', '=', p.id)
        .where('nominal', '=', nominal)
        .executeTakeFirst());
    if (!p || !offer) continue;
    const issued = await partner.issue({ prefix: p.code_prefix, nominal, accountId: externalId, now: at(daysAgo) });
    await db
      .insertInto('cert_certificates')
      .values({
        member_id: m.id,
        customer_id: customer.id,
        partner_id: p.id,
        nominal,
        xp_price: offer.xp_price,
        code: issued.code,
        external_id: issued.externalId,
        status,
        created_at: at(daysAgo).toISOString(),
        expires_at: issued.expiresAt,
        used_at: status === 'used' ? at(daysAgo - 20).toISOString() : null,
      })
      .execute();
  }

  const purchases = [
    {
      ref: 'seed-1',
      store: 'glo studio ТРЦ Ocean Plaza',
      address: 'Київ, вул. Антоновича, 176',
      days: 3,
      items: [{ title: 'neo Яскравий тютюн, пачка', quantity: 3, price: 9_500 }],
    },
    {
      ref: 'seed-2',
      store: 'glo studio ТРЦ Dream Town',
      address: 'Київ, просп. Оболонський, 1Б',
      days: 12,
      items: [
        { title: 'glo hyper pro', quantity: 1, price: 149_900 },
        { title: 'neo Свіжа м’ята, пачка', quantity: 2, price: 9_500 },
      ],
    },
    {
      ref: 'seed-3',
      store: 'glo кіоск ТЦ Французький бульвар',
      address: 'Харків, вул. Академіка Павлова, 44Б',
      days: 30,
      items: [{ title: 'Чохол для glo hyper pro', quantity: 1, price: 39_900 }],
    },
    {
      ref: 'seed-4',
      brand: 'ogo' as const,
      store: 'ogo store ТРЦ Gulliver',
      address: 'Київ, пл. Спортивна, 1А',
      days: 9,
      items: [{ title: 'ogo Подвійна м’ята, пачка', quantity: 2, price: 7_800 }],
    },
  ];
  await db
    .insertInto('feedback_offline_purchases')
    .values(
      purchases.map((p) => ({
        member_id: m.id,
        brand: 'brand' in p ? p.brand : ('glo' as const),
        store_name: p.store,
        store_address: p.address,
        purchased_at: at(p.days).toISOString(),
        items: JSON.stringify(p.items),
        total: p.items.reduce((s, i) => s + i.price * i.quantity, 0),
        external_ref: p.ref,
        created_at: at(p.days).toISOString(),
      })),
    )
    .onConflict((oc) => oc.columns(['member_id', 'external_ref']).doNothing())
    .execute();

  // Feedback on her oldest delivered order, when the shop seed gave her one.
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('feedback_entries as f', 'f.order_id', 'o.id')
    .select(['o.id', 'o.variant', 'o.updated_at'])
    .where('c.member_id', '=', m.id)
    .where('o.fulfillment_status', '=', 'fulfilled')
    .where('f.id', 'is', null)
    .orderBy('o.created_at')
    .executeTakeFirst();
  if (!order) return;
  const { id } = await db
    .insertInto('feedback_entries')
    .values({
      member_id: m.id,
      kind: 'online',
      shop: order.variant,
      order_id: order.id,
      offline_purchase_id: null,
      rating: 5,
      text: 'Замовлення приїхало наступного дня, все ціле й добре запаковане. Дякую!',
      phone: null,
      created_at: order.updated_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const photo = demoPhoto();
  await db
    .insertInto('feedback_photos')
    .values({ feedback_id: id, mime: 'image/png', size: photo.length, data: photo, created_at: order.updated_at })
    .execute();
}

/** Demo data of this group; runs once on an empty database, after the groups before it. */
export async function seed(deps: AppDeps): Promise<void> {
  await seedCertCatalogue(deps);
  const phone = deps.config.testPhones[0];
  if (!phone) return;
  const olena = await deps.db
    .selectFrom('members')
    .select(['id', 'phone'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (olena) await seedDemoMember(deps, olena);
}
