import { bonusOf, deviceRange, itemsOf, type DeviceModel } from './shop-catalogue-build';
import { AGE_NOTE, type SeedCategory, type SeedProduct } from './shop-catalogue-types';

const IPOST = 'ipost_allow';

/** ogo sticks: key, flavour, taste, colour, accent. Sold in blocks and, for the local courier, by the pack. */
const FLAVOURS: ReadonlyArray<[string, string, string, string, string]> = [
  ['classic', 'Класичний', 'рівний тютюновий смак', '#6f4518', '#ffe8c2'],
  ['smooth', 'М’який', 'легкий тютюн з вершковою ноткою', '#bc8a5f', '#fff4e6'],
  ['bold', 'Міцний', 'насичений темний тютюн', '#3c1518', '#ffd8be'],
  ['menthol', 'Ментол', 'тютюн з класичним ментолом', '#1b998b', '#e0fbfc'],
  ['arctic', 'Арктична м’ята', 'дуже холодна м’ята', '#277da1', '#e3f2fd'],
  ['apple', 'Зелене яблуко', 'тютюн з соковитим зеленим яблуком', '#55a630', '#eaffd0'],
  ['grape', 'Виноград', 'тютюн з нотами темного винограду', '#5a189a', '#efe1ff'],
  ['citrus', 'Цитрус', 'тютюн з лимоном і лаймом', '#f9c74f', '#5c4400'],
  ['coffee', 'Кава', 'тютюн з нотами еспресо', '#432818', '#ffe6a7'],
  ['berry', 'Лісова ягода', 'тютюн з чорницею й ожиною', '#7209b7', '#f3d9ff'],
];

const ogoSticks: SeedProduct[] = FLAVOURS.map(([key, name, taste, color, accent]) => ({
  key,
  title: `Стіки ogo «${name}», блок`,
  sub: 'Блок, 10 пачок по 20 шт.',
  description: `Стіки ogo: ${taste}. ${AGE_NOTE}`,
  price: 780,
  pack: 200,
  out: key === 'coffee',
  art: { shape: 'carton', color, accent, brand: 'ogo', label: name, badge: '10 пачок' },
}));
ogoSticks.push({
  key: 'mix-block',
  title: 'Мікс-блок ogo «5 смаків»',
  sub: 'Блок, по 2 пачки п’яти смаків',
  description: `Класичний, м’який, ментол, зелене яблуко та цитрус в одному блоці. ${AGE_NOTE}`,
  price: 790,
  pack: 200,
  tags: ['mix_pack'],
  art: { shape: 'mix', color: '#1b998b', accent: '#e0fbfc', brand: 'ogo', label: '5 смаків', badge: '10 пачок' },
});

const ogoSingles: SeedProduct[] = FLAVOURS.map(([key, name, taste, color, accent]) => ({
  key,
  title: `Стіки ogo «${name}»`,
  sub: 'Пачка, 20 шт.',
  description: `Стіки ogo: ${taste}. ${AGE_NOTE}`,
  price: key === 'classic' || key === 'smooth' ? 78 : 82,
  pack: 20,
  tags: [IPOST],
  out: key === 'grape',
  art: { shape: 'pack', color, accent, brand: 'ogo', label: name, badge: '20 шт.' },
}));
ogoSingles.push({
  key: 'mix-3',
  title: 'Дегустаційний набір ogo',
  sub: '3 пачки по 20 шт.',
  description: `Класичний, ментол і зелене яблуко — спробуй і обери свій. ${AGE_NOTE}`,
  price: 229,
  pack: 60,
  tags: ['mix_pack', IPOST],
  art: {
    shape: 'mix',
    color: '#55a630',
    accent: '#eaffd0',
    brand: 'ogo',
    label: 'Дегустаційний набір',
    badge: '3 × 20',
  },
});

const CIGS: ReadonlyArray<[string, string, number, string, string]> = [
  ['classic', 'Класичні', 92, '#8d0801', '#fff1e6'],
  ['light', 'Легкі', 90, '#4895ef', '#eef6ff'],
  ['menthol', 'Ментол', 95, '#2a9d8f', '#e9fffb'],
  ['slim', 'Тонкі', 97, '#b5838d', '#fff0f3'],
  ['compact', 'Компакт', 85, '#495057', '#f8f9fa'],
];
const cigs: SeedProduct[] = CIGS.flatMap(([key, name, price, color, accent]) => [
  {
    key: `${key}-20`,
    title: `Сигарети ogo ${name}`,
    sub: 'Пачка, 20 шт.',
    description: `Сигарети ogo ${name.toLowerCase()}. ${AGE_NOTE}`,
    price,
    pack: 20,
    tags: [IPOST],
    art: { shape: 'cigs', color, accent, brand: 'ogo', label: name, badge: '20 шт.' },
  },
  {
    key: `${key}-200`,
    title: `Сигарети ogo ${name}, блок`,
    sub: 'Блок, 10 пачок',
    description: `Блок сигарет ogo ${name.toLowerCase()}. ${AGE_NOTE}`,
    price: price * 10 - 40,
    pack: 200,
    out: key === 'slim',
    art: { shape: 'carton', color, accent, brand: 'ogo', label: name, badge: '10 пачок' },
  },
]);

/** velo pouches: key, flavour, strength mg/g, price, colour. */
const POUCHES: ReadonlyArray<[string, string, number, number, string]> = [
  ['freeze', 'Крижана м’ята', 10, 159, '#0096c7'],
  ['polar', 'Полярна м’ята', 6, 149, '#48cae4'],
  ['soft-mint', 'М’яка м’ята', 4, 139, '#90e0ef'],
  ['berry-ice', 'Ягідний лід', 10, 159, '#9d0208'],
  ['citrus', 'Цитрусовий', 6, 149, '#f48c06'],
  ['mango', 'Тропічне манго', 6, 149, '#ffb703'],
  ['melon', 'Кавун', 4, 139, '#ef476f'],
  ['cherry', 'Вишнева свіжість', 10, 159, '#7f0a1d'],
  ['coffee', 'Кавовий', 6, 149, '#6f4e37'],
  ['liquorice', 'Лакриця', 10, 159, '#22223b'],
];
const velo: SeedProduct[] = POUCHES.map(([key, name, mg, price, color]) => ({
  key,
  title: `velo «${name}»`,
  sub: `20 паучів, ${mg} мг/г`,
  description: `Нікотинові паучі velo без тютюну: ${name.toLowerCase()}, ${mg} мг/г. ${AGE_NOTE}`,
  price,
  pack: 20,
  tags: ['velo', IPOST],
  out: key === 'coffee',
  art: { shape: 'can', color, accent: '#ffffff', brand: 'velo', label: name, badge: `${mg} мг/г` },
}));
velo.push(
  {
    key: 'mix-3',
    title: 'velo Дегустаційний набір',
    sub: '3 банки по 20 паучів',
    description: `Крижана м’ята, цитрусовий і ягідний лід. ${AGE_NOTE}`,
    price: 399,
    pack: 60,
    tags: ['velo', 'mix_pack', IPOST],
    art: {
      shape: 'mix',
      color: '#0096c7',
      accent: '#ffffff',
      brand: 'velo',
      label: 'Дегустаційний набір',
      badge: '3 банки',
    },
  },
  {
    key: 'gift-freeze',
    title: 'Подарунок: velo «Крижана м’ята», міні',
    sub: '10 паучів, 10 мг/г',
    description: `Міні-банка в подарунок до замовлення velo. ${AGE_NOTE}`,
    price: 0,
    pack: 10,
    tags: ['velo', 'velo_gift', IPOST],
    art: { shape: 'can', color: '#0096c7', accent: '#ffe066', brand: 'velo', label: 'Подарунок', badge: 'міні' },
  },
  {
    key: 'gift-berry',
    title: 'Подарунок: velo «Ягідний лід», міні',
    sub: '10 паучів, 10 мг/г',
    description: `Міні-банка в подарунок до замовлення velo. ${AGE_NOTE}`,
    price: 0,
    pack: 10,
    tags: ['velo', 'velo_gift', IPOST],
    art: { shape: 'can', color: '#9d0208', accent: '#ffe066', brand: 'velo', label: 'Подарунок', badge: 'міні' },
  },
);

/** ogo devices: model, price, what sets it apart, then its colours (key, name, colour). */
const MODELS: ReadonlyArray<DeviceModel> = [
  [
    'mini',
    'Міні',
    399,
    'компактний пристрій на 15 сесій',
    [
      ['black', 'чорний', '#1f1f24'],
      ['mint', 'м’ятний', '#52b69a'],
      ['peach', 'персиковий', '#f4a261'],
      ['lilac', 'бузковий', '#9d8df1'],
    ],
  ],
  [
    'smart',
    'Смарт',
    699,
    'нагрів за 15 секунд і індикатор заряду',
    [
      ['black', 'чорний', '#111111'],
      ['blue', 'синій', '#1d3557'],
      ['red', 'червоний', '#c1121f'],
      ['silver', 'сріблястий', '#adb5bd'],
    ],
  ],
  [
    'max',
    'Макс',
    1099,
    'два режими нагріву й заряд на 30 сесій',
    [
      ['graphite', 'графіт', '#2b2d42'],
      ['gold', 'золотий', '#b08900'],
      ['green', 'зелений', '#2d6a4f'],
    ],
  ],
];
const ogoDevices = deviceRange(
  'ogo',
  MODELS,
  (what) => `Пристрій для нагрівання тютюну ogo: ${what}. Гарантія 12 місяців. ${AGE_NOTE}`,
  '#f1faee',
  (model, colour) => model === 'smart' && colour === 'silver',
);

const item = itemsOf('ogo', '#f1faee', / ogo$/);

const accessories: SeedProduct[] = [
  item(
    'case-mini-black',
    'Чохол для ogo Міні',
    'Колір: чорний',
    199,
    'case',
    '#1f1f24',
    'Силіконовий чохол з петлею для ремінця.',
  ),
  item(
    'case-mini-mint',
    'Чохол для ogo Міні',
    'Колір: м’ятний',
    199,
    'case',
    '#52b69a',
    'Силіконовий чохол з петлею для ремінця.',
  ),
  item(
    'case-smart-black',
    'Чохол для ogo Смарт',
    'Колір: чорний',
    249,
    'case',
    '#111111',
    'Чохол з екошкіри з магнітною застібкою.',
  ),
  item(
    'case-smart-sand',
    'Чохол для ogo Смарт',
    'Колір: пісочний',
    249,
    'case',
    '#d4a373',
    'Чохол з екошкіри з магнітною застібкою.',
  ),
  item('cable', 'Кабель USB-C ogo', '1 м', 149, 'cable', '#495057', 'Кабель для заряджання пристроїв ogo.', {
    tags: [IPOST],
  }),
  item('adapter', 'Мережевий адаптер 12 Вт', 'USB-C', 249, 'cable', '#f8f9fa', 'Адаптер для швидкого заряджання.', {
    out: true,
  }),
  item(
    'stick-case',
    'Кейс для стіків ogo',
    'На 20 стіків',
    199,
    'case',
    '#3a86ff',
    'Захищає стіки від вологи й зламів.',
    { tags: [IPOST] },
  ),
  item(
    'brushes',
    'Щіточки для чищення ogo',
    'Набір, 10 шт.',
    99,
    'case',
    '#adb5bd',
    'Для регулярного догляду за камерою нагріву.',
    { tags: [IPOST] },
  ),
  item(
    'car-holder',
    'Автомобільний тримач',
    'Для пристроїв ogo',
    299,
    'device',
    '#343a40',
    'Тримач у підсклянник, щоб пристрій не губився в дорозі.',
  ),
  item(
    'pouch-box',
    'Бокс для паучів velo',
    'На 20 використаних паучів',
    149,
    'can',
    '#0096c7',
    'Кишеньковий бокс із кришкою для використаних паучів.',
    { tags: [IPOST] },
  ),
  item('strap', 'Ремінець для пристрою', 'Силікон', 129, 'cable', '#6d597a', 'Ремінець кріпиться до чохла ogo Міні.', {
    tags: [IPOST],
  }),
];

const merch: SeedProduct[] = [
  item(
    'tee-black',
    'Футболка ogo',
    'Колір: чорний',
    499,
    'tee',
    '#1f1f24',
    'Оверсайз-футболка з органічної бавовни, розміри S–XL.',
  ),
  item(
    'tee-white',
    'Футболка ogo',
    'Колір: білий',
    499,
    'tee',
    '#dee2e6',
    'Оверсайз-футболка з органічної бавовни, розміри S–XL.',
  ),
  item('hoodie', 'Худі ogo', 'Колір: графіт', 1199, 'tee', '#2b2d42', 'Тепле худі з капюшоном і кишенею-кенгуру.', {
    out: true,
  }),
  item('cap', 'Кепка ogo', 'Регульований розмір', 399, 'cap', '#1d3557', 'Бейсболка з вишивкою.', { tags: [IPOST] }),
  item('panama', 'Панама ogo', 'Бавовна', 349, 'cap', '#e9c46a', 'Легка панама на літо.'),
  item('tote', 'Шопер ogo', 'Щільна бавовна', 299, 'bag', '#2a9d8f', 'Місткий шопер на щодень.', { tags: [IPOST] }),
  item('backpack', 'Рюкзак ogo', '20 л', 899, 'bag', '#264653', 'Рюкзак з водовідштовхувальної тканини.'),
  item('mug', 'Чашка ogo', 'Кераміка, 350 мл', 249, 'mug', '#e76f51', 'Керамічна чашка з логотипом.'),
  item('thermo', 'Термокухоль ogo', '400 мл', 449, 'mug', '#3a86ff', 'Тримає напій гарячим до 5 годин.'),
  item('socks', 'Шкарпетки ogo', '2 пари', 199, 'gift', '#ff006e', 'Яскраві бавовняні шкарпетки.', { tags: [IPOST] }),
  item('pins', 'Набір значків ogo', '4 шт.', 149, 'gift', '#8338ec', 'Металеві значки з емаллю.', { tags: [IPOST] }),
];

const bonus = bonusOf(item, '#2fb36b');

const ogoBonus: SeedProduct[] = [
  bonus('keychain', 'Брелок ogo', 250, 'gift', 'Брелок-відкривачка з логотипом.', { tags: [IPOST] }),
  bonus('sticks-pack', 'Пачка стіків ogo у подарунок', 400, 'pack', 'Пачка стіків ogo на твій вибір смаку.', {
    tags: [IPOST],
  }),
  bonus(
    'velo-can',
    'Банка паучів velo у подарунок',
    450,
    'can',
    'Банка паучів velo, 20 шт., смак уточнимо телефоном.',
    { tags: [IPOST] },
  ),
  bonus('case', 'Чохол для пристрою ogo', 700, 'case', 'Чохол для моделей Міні та Смарт.'),
  bonus('cap', 'Кепка ogo', 800, 'cap', 'Бейсболка з вишивкою.'),
  bonus('tote', 'Шопер ogo', 600, 'bag', 'Шопер з щільної бавовни.'),
  bonus('mug', 'Чашка ogo', 650, 'mug', 'Керамічна чашка, 350 мл.'),
  bonus('tee', 'Футболка ogo', 1000, 'tee', 'Бавовняна футболка, розмір уточнимо при підтвердженні.'),
  bonus('powerbank', 'Павербанк ogo', 2200, 'cable', 'Павербанк 10 000 мА·год з USB-C.'),
  bonus('speaker', 'Бездротова колонка', 3000, 'gift', 'Портативна колонка з захистом від води.', { out: true }),
  bonus('device-mini', 'Пристрій ogo Міні за XP', 3500, 'device', 'Пристрій ogo Міні, колір на вибір.'),
];

export const OGO_CATALOGUE: SeedCategory[] = [
  { slug: 'ogo-devices', products: ogoDevices },
  { slug: 'ogo-bonus', products: ogoBonus },
  { slug: 'ogo-sticks', products: ogoSticks },
  { slug: 'ogo-sticks-single', products: ogoSingles },
  { slug: 'ogo-cigs', products: cigs },
  { slug: 'ogo-velo', products: velo },
  { slug: 'ogo-accessories', products: accessories },
  { slug: 'ogo-merch', products: merch },
];
