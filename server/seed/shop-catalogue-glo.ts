import { bonusOf, deviceRange, itemsOf, type DeviceModel } from './shop-catalogue-build';
import { AGE_NOTE, type SeedCategory, type SeedPicks, type SeedProduct } from './shop-catalogue-types';

/** glo sticks: key, flavour, what it tastes like, pack colour, accent. */
const FLAVOURS: ReadonlyArray<[string, string, string, string, string]> = [
  ['amber', 'Класичний тютюн', 'насичений тютюновий смак з горіховими нотами', '#8b5a2b', '#f6e7c8'],
  ['ruby', 'Яскравий тютюн', 'інтенсивний тютюн з легкою пряністю', '#a4161a', '#ffd6d6'],
  ['gold', 'М’який тютюн', 'збалансований м’який тютюн без гіркоти', '#b08968', '#fff1dc'],
  ['mint', 'Свіжа м’ята', 'тютюн із прохолодною садовою м’ятою', '#2a9d8f', '#d8f3ef'],
  ['ice', 'Крижана м’ята', 'тютюн з максимально холодною м’ятою', '#0077b6', '#d6f0ff'],
  ['berry', 'Ягідний мікс', 'тютюн з нотами лісових ягід', '#7b2cbf', '#eedcff'],
  ['tropic', 'Тропічний', 'тютюн з нотами манго й маракуї', '#f3722c', '#ffe8d6'],
  ['cherry', 'Вишневий', 'тютюн з нотами стиглої вишні', '#9b2226', '#ffd9de'],
];

const sticks: SeedProduct[] = FLAVOURS.flatMap(([key, name, taste, color, accent], i) => [
  {
    key: `${key}-20`,
    title: `Стіки glo «${name}»`,
    sub: 'Пачка, 20 шт.',
    description: `Стіки для пристроїв glo: ${taste}. ${AGE_NOTE}`,
    price: i < 3 ? 105 : 110,
    pack: 20,
    out: key === 'tropic',
    art: { shape: 'pack', color, accent, brand: 'glo', label: name, badge: '20 шт.' },
  },
  {
    key: `${key}-200`,
    title: `Стіки glo «${name}», блок`,
    sub: 'Блок, 10 пачок по 20 шт.',
    description: `Блок із 10 пачок: ${taste}. Вигідніше, ніж поштучно. ${AGE_NOTE}`,
    price: i < 3 ? 1000 : 1050,
    pack: 200,
    out: key === 'cherry',
    art: { shape: 'carton', color, accent, brand: 'glo', label: name, badge: '10 пачок' },
  },
]);
sticks.push(
  {
    key: 'mix-tobacco',
    title: 'Дегустаційний набір «Тютюнові смаки»',
    sub: '3 пачки по 20 шт.',
    description: `Класичний, яскравий і м’який тютюн в одному наборі, щоб обрати свій. ${AGE_NOTE}`,
    price: 299,
    pack: 60,
    tags: ['mix_pack'],
    art: { shape: 'mix', color: '#8b5a2b', accent: '#f6e7c8', brand: 'glo', label: 'Тютюнові смаки', badge: '3 × 20' },
  },
  {
    key: 'mix-fresh',
    title: 'Дегустаційний набір «Свіжі смаки»',
    sub: '3 пачки по 20 шт.',
    description: `Свіжа м’ята, крижана м’ята і ягідний мікс. ${AGE_NOTE}`,
    price: 299,
    pack: 60,
    tags: ['mix_pack'],
    art: { shape: 'mix', color: '#0077b6', accent: '#d6f0ff', brand: 'glo', label: 'Свіжі смаки', badge: '3 × 20' },
  },
);

/** glo devices: model, price, what sets it apart, then its colours (key, name, colour, accent). */
const MODELS: ReadonlyArray<DeviceModel> = [
  [
    'basic',
    'Базовий',
    599,
    'простий пристрій на 20 сесій від одного заряду',
    [
      ['black', 'чорний', '#1f1f24', '#f2f2f5'],
      ['blue', 'синій', '#1d4e89', '#dbe9ff'],
      ['grey', 'сірий', '#6c757d', '#f1f3f5'],
    ],
  ],
  [
    'plus',
    'Плюс',
    999,
    'швидкий нагрів за 20 секунд і режим посиленого смаку',
    [
      ['black', 'чорний', '#1f1f24', '#ffb703'],
      ['rose', 'рожеве золото', '#b76e79', '#fff0f3'],
      ['green', 'зелений', '#2d6a4f', '#d8f3dc'],
    ],
  ],
  [
    'pro',
    'Про',
    1499,
    'індукційний нагрів, два режими та заряд на цілий день',
    [
      ['graphite', 'графіт', '#343a40', '#ff7b00'],
      ['white', 'білий', '#dee2e6', '#343a40'],
      ['bordo', 'бордо', '#6a040f', '#ffccd5'],
    ],
  ],
  [
    'premium',
    'Преміум',
    2199,
    'алюмінієвий корпус, дисплей заряду і три режими',
    [
      ['black', 'чорний', '#111111', '#d4af37'],
      ['bronze', 'бронза', '#8d5524', '#ffe8cc'],
      ['navy', 'темно-синій', '#14213d', '#fca311'],
    ],
  ],
];

const devices = deviceRange(
  'glo',
  MODELS,
  (what) => `Пристрій для нагрівання тютюну: ${what}. Гарантія 12 місяців. ${AGE_NOTE}`,
  '',
  (model, colour) => model === 'pro' && colour === 'bordo',
);

const bonusItem = bonusOf(itemsOf('glo', '#fff3e6', / glo$/), '#ff6b00');

const bonus: SeedProduct[] = [
  bonusItem('keychain', 'Брелок glo', 300, 'gift', 'Металевий брелок з логотипом клубу.'),
  bonusItem(
    'sticks-pack',
    'Пачка стіків у подарунок',
    450,
    'pack',
    'Пачка стіків на твій вибір смаку — кур’єр уточнить його телефоном.',
  ),
  bonusItem('brushes', 'Щіточки для чищення', 350, 'case', 'Набір з 10 щіточок для догляду за пристроєм.'),
  bonusItem('bottle', 'Пляшка для води glo', 700, 'mug', 'Пляшка з нержавіючої сталі, 500 мл.'),
  bonusItem('case', 'Чохол для пристрою', 800, 'case', 'М’який чохол з екошкіри для будь-якої моделі glo.'),
  bonusItem('tee', 'Футболка glo', 1100, 'tee', 'Бавовняна футболка, розмір уточнимо при підтвердженні.'),
  bonusItem('cap', 'Кепка glo', 900, 'cap', 'Бейсболка з вишитим логотипом.'),
  bonusItem('thermo', 'Термочашка glo', 1200, 'mug', 'Тримає напій гарячим до 6 годин.'),
  bonusItem('umbrella', 'Парасолька glo', 1500, 'gift', 'Складана парасолька з автоматичним відкриттям.'),
  bonusItem('wireless', 'Бездротова зарядка', 2000, 'cable', 'Зарядна панель для телефону й пристрою.'),
  bonusItem('powerbank', 'Павербанк 10 000 мА·год', 2500, 'cable', 'Два виходи USB-C, швидке заряджання.'),
  bonusItem('backpack', 'Рюкзак міський glo', 2800, 'bag', 'Рюкзак з відділенням для ноутбука 15".'),
  bonusItem('headphones', 'Бездротові навушники', 3500, 'gift', 'Навушники з шумозаглушенням і кейсом.', { out: true }),
];

const accessory = itemsOf('glo', '#f2f2f5', /^glo /);

const accessories: SeedProduct[] = [
  accessory(
    'leather-black',
    'Чохол шкіряний',
    'Колір: чорний',
    449,
    'case',
    '#1f1f24',
    'Чохол з натуральної шкіри для пристроїв glo Плюс і Про.',
  ),
  accessory(
    'leather-brown',
    'Чохол шкіряний',
    'Колір: коричневий',
    449,
    'case',
    '#7f4f24',
    'Чохол з натуральної шкіри для пристроїв glo Плюс і Про.',
  ),
  accessory(
    'silicone-mint',
    'Чохол силіконовий',
    'Колір: м’ятний',
    299,
    'case',
    '#52b69a',
    'Легкий силіконовий чохол, захищає від подряпин.',
  ),
  accessory(
    'silicone-coral',
    'Чохол силіконовий',
    'Колір: кораловий',
    299,
    'case',
    '#f07167',
    'Легкий силіконовий чохол, захищає від подряпин.',
  ),
  accessory(
    'cable',
    'Кабель USB-C, 1 м',
    'Оплетка з нейлону',
    199,
    'cable',
    '#495057',
    'Кабель для заряджання пристрою та телефону.',
  ),
  accessory(
    'adapter',
    'Мережевий адаптер 18 Вт',
    'USB-C, швидке заряджання',
    349,
    'cable',
    '#f8f9fa',
    'Заряджає пристрій glo повністю приблизно за 90 хвилин.',
  ),
  accessory(
    'car-charger',
    'Автомобільний зарядний пристрій',
    'USB-C і USB-A',
    399,
    'cable',
    '#212529',
    'Заряджання в дорозі від гнізда прикурювача.',
  ),
  accessory(
    'brushes',
    'Щіточки для чищення',
    'Набір, 10 шт.',
    149,
    'case',
    '#adb5bd',
    'Щіточки для регулярного чищення камери нагріву.',
  ),
  accessory(
    'stick-case',
    'Кейс для стіків',
    'На 20 стіків',
    249,
    'case',
    '#3a5a40',
    'Тримає стіки цілими в кишені чи сумці.',
  ),
  accessory(
    'panel',
    'Бічна панель змінна',
    'Для glo Плюс',
    349,
    'device',
    '#e76f51',
    'Змінна панель, щоб оновити вигляд пристрою за хвилину.',
  ),
  accessory(
    'dock',
    'Підставка-док для заряджання',
    'Для всіх моделей glo',
    599,
    'cable',
    '#343a40',
    'Пристрій заряджається вертикально, поруч із телефоном.',
  ),
  accessory('strap', 'Ремінець на зап’ястя', 'Силікон', 179, 'cable', '#6d597a', 'Ремінець кріпиться до чохла.'),
  accessory(
    'travel',
    'Дорожній футляр',
    'Для пристрою й двох пачок',
    399,
    'bag',
    '#264653',
    'Футляр на блискавці для подорожей.',
    { out: true },
  ),
];

export const GLO_CATALOGUE: SeedCategory[] = [
  { slug: 'sticks', products: sticks },
  { slug: 'devices', products: devices },
  { slug: 'bonus', products: bonus },
  { slug: 'accessories', products: accessories },
];

export const GLO_POPULAR: SeedPicks = {
  slug: 'popular',
  skus: [
    'sticks-amber-20',
    'sticks-mint-20',
    'sticks-ice-20',
    'sticks-ruby-20',
    'sticks-mix-tobacco',
    'devices-plus-black',
    'devices-pro-graphite',
    'devices-basic-blue',
    'accessories-leather-black',
    'accessories-cable',
    'accessories-stick-case',
  ],
};
