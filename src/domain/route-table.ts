import { SHOP_DETAIL_LISTS, SHOP_LIST_TITLES } from './shop-lists';

export type LayoutName = 'forall' | 'landing' | 'none' | 'account' | 'ogo-footer' | 'account-off-footer';

/** docs/rules.md#screens guard names; their logic lives in src/app/guards. */
export type GuardName = 'authentication' | 'is-authentication' | 'is18' | 'is-success-is18' | 'referrer' | 'to-ogo-landing';

/** Where the back arrow goes: hidden, a fixed path, or one step back in history. */
export type BackTarget = { kind: 'hidden' } | { kind: 'path'; to: string } | { kind: 'history' };

/** One screen of docs/rules.md#screens as data (the app adds its page module: src/app/routes/types.ts RouteSpec). */
export interface RouteRow {
  path: string;
  title: string;
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

function group(layout: LayoutName, guards: GuardName[], rows: Array<[path: string, title: string, opts?: Opts]>): RouteRow[] {
  return rows.map(([path, title, o = {}]) => ({
    path,
    title,
    layout,
    guards,
    back: o.back ?? HISTORY,
    name: o.name ?? (path === '/' ? 'index' : path.slice(1).replace(/\/:[^/]+/g, '-id').replace(/\//g, '-')),
    ...(o.intro ? { intro: o.intro } : {}),
    ...(o.empty ? { empty: o.empty } : {}),
    ...(o.idParams ? { idParams: o.idParams } : {}),
  }));
}

const AUTH: GuardName[] = ['authentication'];

/**
 * The whole route table of docs/rules.md#screens: path, layout, guards, title and back target of every
 * screen, as plain data: the app builds its router from it (src/app/routes/table.ts), and the
 * server answers 404 for any path that matches none of it. Copy for the page frames is in
 * src/app/routes/copy.ts, the screens themselves in src/features.
 */
export const ROUTE_TABLE: RouteRow[] = [
  ...group('forall', [], [
    ['/user-agreement', 'Угода користувача'],
    // docs/rules.md#screens names why-ogo in the navigation without a path; readable before signing in (from the ogo landing).
    ['/why-ogo', 'Чому ogo'],
  ]),
  ...group('landing', ['to-ogo-landing'], [['/landing', 'Клуб ogo']]),
  ...group('none', ['is-authentication', 'is18'], [
    ['/auth', 'Вхід', { back: HIDDEN }],
    ['/registration', 'Реєстрація', { back: HIDDEN }],
  ]),
  ...group('none', ['is-success-is18'], [['/is18', 'Тобі вже є 18?', { back: HIDDEN }]]),
  ...group('none', [], [['/qr', 'QR-код']]),
  ...group('account', AUTH, [
    ['/', 'Головна', { back: HIDDEN }],
    ['/get-xp', 'Як отримати XP'],
    ['/support', 'Підтримка'],
    ['/feedback', 'Відгуки'],
    ['/shop', 'Магазин'],
    ['/scan/history', 'Історія сканувань'],
    ['/shop/favorite', SHOP_LIST_TITLES.favorite],
    ['/exchange', 'Обмін балів'],
    ['/certificates', 'Сертифікати партнерів'],
    ['/shop/choose-velo', SHOP_LIST_TITLES['choose-velo']],
    ...(['bonus', 'sticks', 'devices', 'popular', 'accessories', 'ogo-bonus', 'ogo-merch', 'ogo-sticks', 'ogo-devices', 'ogo-accessories', 'ogo-sticks-single', 'ogo-velo', 'ogo-cigs'] as const).map(
      (list): [string, string] => [`/shop/${list}`, SHOP_LIST_TITLES[list]],
    ),
  ]),
  ...group('ogo-footer', AUTH, [
    ['/faq', 'Питання та відповіді'],
    ['/rules', 'Правила клубу'],
    ['/go-buy', 'Де купити'],
    ['/offers', 'Пропозиції'],
    ['/scanning', 'Сканування'],
    ['/glo-studio', 'Фірмові магазини'],
    ['/my-devices', 'Мої пристрої'],
    ['/news', 'Новини'],
    ['/news/:newsId', 'Новина', { back: to('/news'), idParams: ['newsId'] }],
    ['/profile', 'Профіль'],
    ['/profile/referral', 'Мої запрошення'],
    ['/history-order', 'Історія покупок'],
    ['/history-bonuses', 'Історія XP'],
    ['/vocabulary', 'Словник споживача', { back: to('/faq') }],
    ['/vocabulary/velo', 'Словник velo', { back: to('/faq') }],
    ['/vocabulary/ogo-club', 'Словник клубу ogo', { back: to('/faq') }],
    ['/subscription', 'Підписка'],
    ['/subscription/about', 'Про підписку'],
    ['/subscription/faq', 'Питання про підписку'],
    ['/subscription/history', 'Історія підписки'],
    ['/verification', 'Підтвердження віку'],
    ['/verification/other', 'Інший спосіб підтвердження'],
    ['/invite-friend', 'Запроси друга'],
    ['/invite-friend/faq', 'Питання про запрошення'],
    ['/invite-friend/velo', 'Запроси друга у velo'],
    ['/invite-friend/calculator', 'Калькулятор бонусів'],
    ['/certificates/my-list', 'Мої сертифікати'],
    // Named in the navigation (docs/rules.md#screens) without paths: the invite-friend offer, promo, the test-drive sub-pages.
    ['/invite-friend/offer', 'Бонус за друга'],
    ['/promo', 'Промокод VELO-20%'],
    ['/test-drive', 'Тест-драйв'],
    ['/test-drive/velo', 'Тест-драйв velo'],
  ]),
  ...group('account-off-footer', AUTH, [
    ['/scanbox', 'Сканер'],
    ['/device-reg', 'Реєстрація пристрою', { back: to('/my-devices') }],
    ['/scan/multi', 'Мультисканування', { back: to('/scanning') }],
    ['/scan/instruction', 'Як сканувати'],
    ['/marathon', 'Марафон'],
    ['/marathon/quiz', 'Вікторина'],
    ['/shop/delivery', 'Доставка', { back: to('/shop/cart') }],
    ['/shop/payment', 'Оплата', { back: to('/shop/delivery') }],
    ['/shop/checkout', 'Підтвердження', { back: to('/shop/payment') }],
    ['/shop/success', 'Замовлення прийнято', { back: HIDDEN, name: 'shop-success' }],
  ]),
  ...group('account-off-footer', ['authentication', 'referrer'], [['/shop/cart', 'Кошик']]),
  ...group(
    'account-off-footer',
    AUTH,
    SHOP_DETAIL_LISTS.map((list): [string, string, Opts] => [
      `/shop/${list}/:id`,
      // The header names the list the product belongs to (its back arrow leads there).
      SHOP_LIST_TITLES[list],
      { back: to(`/shop/${list}`), idParams: ['id'], name: `shop-${list}-detail` },
    ]),
  ),
  ...group('account-off-footer', AUTH, [
    ['/exchange/product/active/:id', 'Обмін на XP', { back: to('/exchange'), idParams: ['id'] }],
    ['/exchange/product/inactive/:id', 'Пропозиція обміну', { back: to('/exchange'), idParams: ['id'] }],
  ]),
];

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
