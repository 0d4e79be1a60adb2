import { SHOP_DETAIL_LISTS, SHOP_LIST_TITLES } from './catalogue/shop-lists';

export type LayoutName = 'forall' | 'landing' | 'none' | 'account' | 'ogo-footer' | 'account-off-footer';

/** docs/rules.md#screens guard names; their logic lives in src/app/guards. */
export type GuardName =
  'authentication' | 'is-authentication' | 'is18' | 'is-success-is18' | 'referrer' | 'to-ogo-landing';

/** Where the back arrow goes: hidden, a fixed path, or one step back in history. */
export type BackTarget = { kind: 'hidden' } | { kind: 'path'; to: string } | { kind: 'history' };

/** One screen of docs/rules.md#screens as data. */
export interface RouteRow {
  path: string;
  title: string;
  /**
   * Its page: the screen's module `src/features/<page>-page.tsx`, loaded by the app's typed table
   * (src/app/routes/pages.ts, which has one entry per name here and no other).
   */
  page: string;
  layout: LayoutName;
  guards: GuardName[];
  back: BackTarget;
  /** Name of the page for analytics and tests. */
  name: string;
  /** Short description and empty-state copy of a page frame. */
  intro?: string;
  empty?: string;
  /** Path params that must be positive integers (a bad one is the fatal 404 of docs/rules.md#error-reactions). */
  idParams?: string[];
}

const HISTORY: BackTarget = { kind: 'history' };
const HIDDEN: BackTarget = { kind: 'hidden' };
const to = (path: string): BackTarget => ({ kind: 'path', to: path });

type Opts = Partial<Pick<RouteRow, 'back' | 'intro' | 'empty' | 'idParams' | 'name'>>;

/** Rows of one layout and guards; each row's page name is kept as its literal type (`PageName`). */
function group<const P extends string>(
  layout: LayoutName,
  guards: GuardName[],
  rows: Array<[path: string, title: string, page: P, opts?: Opts]>,
): Array<RouteRow & { page: P }> {
  return rows.map(([path, title, page, o = {}]) => ({
    path,
    title,
    page,
    layout,
    guards,
    back: o.back ?? HISTORY,
    name:
      o.name ??
      (path === '/'
        ? 'index'
        : path
            .slice(1)
            .replace(/\/:[^/]+/g, '-id')
            .replace(/\//g, '-')),
    ...(o.intro ? { intro: o.intro } : {}),
    ...(o.empty ? { empty: o.empty } : {}),
    ...(o.idParams ? { idParams: o.idParams } : {}),
  }));
}

const AUTH: GuardName[] = ['authentication'];

/**
 * The whole route table of docs/rules.md#screens: path, layout, guards, title and back target of every
 * screen, as plain data: the app builds its router from it (src/app/routes/table.ts), and the
 * server answers 404 for any path that matches none of it. Each row names its page, the screen
 * in src/features (see src/app/routes/README.md, "Add a screen").
 */
const TABLE = [
  ...group(
    'forall',
    [],
    [
      ['/user-agreement', 'Угода користувача', 'content-pages/user-agreement'],
      // docs/rules.md#screens names why-ogo in the navigation without a path; readable before signing in (from the ogo landing).
      ['/why-ogo', 'Чому ogo', 'content-pages/why-ogo'],
    ],
  ),
  ...group('landing', ['to-ogo-landing'], [['/landing', 'Клуб ogo', 'landing/landing']]),
  ...group(
    'none',
    ['is-authentication', 'is18'],
    [
      ['/auth', 'Вхід', 'auth/auth', { back: HIDDEN }],
      ['/registration', 'Реєстрація', 'auth/registration', { back: HIDDEN }],
    ],
  ),
  ...group('none', ['is-success-is18'], [['/is18', 'Тобі вже є 18?', 'auth/is18', { back: HIDDEN }]]),
  ...group('none', [], [['/qr', 'QR-код', 'qr/qr']]),
  ...group('account', AUTH, [
    ['/', 'Головна', 'home/home', { back: HIDDEN }],
    ['/get-xp', 'Як отримати XP', 'xp/get-xp'],
    ['/support', 'Підтримка', 'support/support'],
    ['/feedback', 'Відгуки', 'feedback/feedback'],
    ['/shop', 'Магазин', 'shop/catalogue/shop'],
    ['/scan/history', 'Історія сканувань', 'scan/history'],
    ['/shop/favorite', SHOP_LIST_TITLES.favorite, 'shop/catalogue/favourite'],
    ['/exchange', 'Обмін балів', 'shop/exchange/exchange'],
    ['/certificates', 'Сертифікати партнерів', 'certificates/certificates'],
    ['/shop/choose-velo', SHOP_LIST_TITLES['choose-velo'], 'shop/velo/choose-velo'],
    ...(
      [
        'bonus',
        'sticks',
        'devices',
        'popular',
        'accessories',
        'ogo-bonus',
        'ogo-merch',
        'ogo-sticks',
        'ogo-devices',
        'ogo-accessories',
        'ogo-sticks-single',
        'ogo-velo',
        'ogo-cigs',
      ] as const
    ).map((list): [string, string, 'shop/catalogue/list'] => [
      `/shop/${list}`,
      SHOP_LIST_TITLES[list],
      'shop/catalogue/list',
    ]),
  ]),
  ...group('ogo-footer', AUTH, [
    ['/faq', 'Питання та відповіді', 'faq/faq'],
    ['/rules', 'Правила клубу', 'content-pages/rules'],
    ['/go-buy', 'Де купити', 'content-pages/go-buy'],
    ['/offers', 'Пропозиції', 'offers/offers'],
    ['/scanning', 'Сканування', 'scan/scanning'],
    ['/glo-studio', 'Фірмові магазини', 'stores/glo-studio'],
    ['/my-devices', 'Мої пристрої', 'devices/my-devices'],
    ['/news', 'Новини', 'news/news'],
    ['/news/:newsId', 'Новина', 'news/news-item', { back: to('/news'), idParams: ['newsId'] }],
    ['/profile', 'Профіль', 'profile/profile'],
    ['/profile/referral', 'Мої запрошення', 'profile/referral'],
    ['/history-order', 'Історія покупок', 'shop/orders/history'],
    ['/history-bonuses', 'Історія XP', 'xp/history-bonuses'],
    ['/vocabulary', 'Словник споживача', 'vocabulary/vocabulary', { back: to('/faq') }],
    ['/vocabulary/velo', 'Словник velo', 'vocabulary/vocabulary', { back: to('/faq') }],
    ['/vocabulary/ogo-club', 'Словник клубу ogo', 'vocabulary/vocabulary', { back: to('/faq') }],
    ['/subscription', 'Підписка', 'subscription/subscription'],
    ['/subscription/about', 'Про підписку', 'subscription/about'],
    ['/subscription/faq', 'Питання про підписку', 'subscription/faq'],
    ['/subscription/history', 'Історія підписки', 'subscription/history'],
    ['/verification', 'Підтвердження віку', 'verification/verification'],
    ['/verification/other', 'Інший спосіб підтвердження', 'verification/verification-other'],
    ['/invite-friend', 'Запроси друга', 'invite/invite'],
    ['/invite-friend/faq', 'Питання про запрошення', 'invite/faq'],
    ['/invite-friend/velo', 'Запроси друга у velo', 'invite/velo'],
    ['/invite-friend/calculator', 'Калькулятор бонусів', 'invite/calculator'],
    ['/certificates/my-list', 'Мої сертифікати', 'certificates/my-list'],
    // Named in the navigation (docs/rules.md#screens) without paths: the invite-friend offer, promo, the test-drive sub-pages.
    ['/invite-friend/offer', 'Бонус за друга', 'content-pages/invite-offer'],
    ['/promo', 'Промокод VELO-20%', 'content-pages/promo'],
    ['/test-drive', 'Тест-драйв', 'content-pages/test-drive'],
    ['/test-drive/velo', 'Тест-драйв velo', 'content-pages/test-drive-velo'],
  ]),
  ...group('account-off-footer', AUTH, [
    ['/scanbox', 'Сканер', 'scan/scanbox'],
    ['/device-reg', 'Реєстрація пристрою', 'devices/device-reg', { back: to('/my-devices') }],
    ['/scan/multi', 'Мультисканування', 'scan/multi', { back: to('/scanning') }],
    ['/scan/instruction', 'Як сканувати', 'scan/instruction'],
    ['/marathon', 'Марафон', 'marathon/marathon'],
    ['/marathon/quiz', 'Вікторина', 'marathon/quiz'],
    ['/shop/delivery', 'Доставка', 'shop/checkout/delivery', { back: to('/shop/cart') }],
    ['/shop/payment', 'Оплата', 'shop/checkout/payment', { back: to('/shop/delivery') }],
    ['/shop/checkout', 'Підтвердження', 'shop/checkout/checkout', { back: to('/shop/payment') }],
    ['/shop/success', 'Замовлення прийнято', 'shop/checkout/success', { back: HIDDEN, name: 'shop-success' }],
  ]),
  ...group('account-off-footer', ['authentication', 'referrer'], [['/shop/cart', 'Кошик', 'shop/cart/cart']]),
  ...group(
    'account-off-footer',
    AUTH,
    SHOP_DETAIL_LISTS.map((list): [string, string, 'shop/product/product', Opts] => [
      `/shop/${list}/:id`,
      // The header names the list the product belongs to (its back arrow leads there).
      SHOP_LIST_TITLES[list],
      'shop/product/product',
      { back: to(`/shop/${list}`), idParams: ['id'], name: `shop-${list}-detail` },
    ]),
  ),
  ...group('account-off-footer', AUTH, [
    [
      '/exchange/product/active/:id',
      'Обмін на XP',
      'shop/exchange/exchange-product',
      { back: to('/exchange'), idParams: ['id'] },
    ],
    [
      '/exchange/product/inactive/:id',
      'Пропозиція обміну',
      'shop/exchange/exchange-product',
      { back: to('/exchange'), idParams: ['id'] },
    ],
  ]),
];

/** The name of every page the table opens: the app's page table must load each one (a type check). */
export type PageName = (typeof TABLE)[number]['page'];

export const ROUTE_TABLE: ReadonlyArray<RouteRow & { page: PageName }> = TABLE;

/** The page module a page name stands for (the build and the benches read it; tests/unit/app/route-pages.test.ts checks the app loads that very module). */
export const pageSource = (page: string): string => `src/features/${page}-page.tsx`;

/** A route path pattern as a regular expression source, as react-router's `matchPath` matches it (end, case-insensitive). */
export function patternSource(path: string): string {
  const body = path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return body ? `^/${body}/*$` : '^/*$';
}

let patterns: RegExp[] | null = null;

/** Whether a pathname (decoded, no query) opens a screen of the route table; otherwise it is the 404 page. */
export function isAppRoute(pathname: string): boolean {
  patterns ??= ROUTE_TABLE.map((r) => new RegExp(patternSource(r.path), 'i'));
  return patterns.some((re) => re.test(pathname));
}
