import type { AppDeps } from '../context';
import type { VocabularyTermsTable } from '../db/tables/engagement';

type Section = VocabularyTermsTable['section'];

/** The consumer dictionary (routes /vocabulary, /vocabulary/velo, /vocabulary/ogo-club), in no particular order. */
export const DEMO_TERMS: Readonly<Record<Section, ReadonlyArray<readonly [string, string]>>> = {
  general: [
    [
      'XP',
      'Бали клубу. Нараховуються за покупки, сканування кодів, марафони, підписку та запрошених друзів; обмінюються на бонусні товари й сертифікати.',
    ],
    ['Стік', 'Тютюновий виріб для нагрівання в пристрої. Містить нікотин.'],
    ['Пристрій', 'Електронний прилад, що нагріває стік, а не спалює його.'],
    ['Сканування коду', 'Введення коду з пачки стіків у застосунку: кожен код зараховується один раз і дає XP.'],
    ['Бонусний товар', 'Товар, який можна повністю оплатити XP.'],
    ['Верифікація', 'Підтвердження віку учасника за документом — онлайн або в glo-studio.'],
    ['Мікс-пак', 'Набір пачок різних смаків в одному замовленні.'],
    ['Trade-in', 'Обмін старого пристрою на новий з доплатою в glo-studio.'],
    ['Абонемент', 'Інша назва підписки: регулярна доставка стіків за зафіксованою ціною.'],
    ['Промокод друга', 'Код REW- учасника клубу, який його друг вводить під час першого замовлення.'],
  ],
  velo: [
    ['velo', 'Лінійка нікотинових паучів без тютюну.'],
    ['Пауч', 'Невеликий пакетик з нікотином, який кладуть між ясною та губою.'],
    ['Міцність', 'Вміст нікотину в одному пауче, позначений на банці.'],
    ['Слім', 'Тонкий формат пауча.'],
    ['VELO-20%', 'Промокод на знижку 20% на перше замовлення velo в ogo.'],
    ['Банка', 'Упаковка паучів velo з кришкою для використаних.'],
  ],
  'ogo-club': [
    ['ogo-клуб', 'Окремий обліковий запис клубу зі своїм кошиком, замовленнями й балансом XP.'],
    ['Баланс ogo', 'XP облікового запису ogo; не поєднується з балансом glo.'],
    ['Мерч', 'Фірмові речі ogo, які можна отримати за XP.'],
    ['Сингл', 'Одна пачка стіків ogo замість блоку.'],
    ['Перемикання', 'Перехід між glo та ogo в меню застосунку.'],
    ['Поріг доставки', 'Сума замовлення ogo, від якої доставка безкоштовна: 120 грн.'],
  ],
};

/** Stores the dictionary once (no members needed). */
export async function seedVocabulary(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('vocabulary_terms').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const rows = (Object.entries(DEMO_TERMS) as Array<[Section, ReadonlyArray<readonly [string, string]>]>).flatMap(
    ([section, terms]) => terms.map(([term, definition]) => ({ section, term, definition })),
  );
  await deps.db.insertInto('vocabulary_terms').values(rows).execute();
}
