// Every text of the shop screens, one block per screen (plus what the shared parts say).

/** Product cards, the heart, add-to-cart and data age: used on every shop screen. */
export const COMMON_COPY = {
  xp: 'XP',
  outOfStock: 'Немає в наявності',
  inStock: 'В наявності',
  add: 'Додати в кошик',
  addShort: 'Додати',
  inCart: (n: number) => `У кошику: ${n}`,
  tooMany: (max: number) => `Одного товару можна замовити не більше ${max} шт. — у кошику ${max}`,
  added: 'Додано в кошик',
  toCart: 'До кошика',
  favouriteOn: 'Додати в обране',
  favouriteOff: 'Прибрати з обраного',
  favouriteAdded: 'Додано в обране',
  favouriteRemoved: 'Прибрано з обраного',
  signInFirst: 'Увійди в клуб, щоб користуватися магазином',
  writeFailed: 'Не вдалося зберегти. Спробуй ще раз',
  pack: (n: number) => `${n} шт. в упаковці`,
  gift: 'Подарунок',
  free: 'Безкоштовно',
  ageNever: 'Каталог ще не завантажено',
  ageJustNow: 'Каталог оновлено щойно',
  age: (when: string) => `Каталог оновлено ${when}`,
  offline: 'Ти офлайн — показуємо збережений каталог.',
  /** The list head's one line offline (as tall as the online one: the list does not move). */
  offlineShort: (when: string) => `Офлайн · каталог оновлено ${when}`,
  offlineEmpty: 'Ти офлайн, а каталог ще не завантажувався на цей пристрій. Він з’явиться, щойно буде зв’язок.',
  loadingEmpty: 'Завантажуємо каталог…',
  image: (title: string) => `Зображення: ${title}`,
  decrease: 'Менше',
  increase: 'Більше',
  count: 'Кількість',
} as const;

export const HOME_COPY = {
  title: (brand: string) => `Магазин ${brand}`,
  lead: 'Пристрої, стіки й аксесуари з доставкою по Україні. Бонусні товари — за XP.',
  cart: 'Кошик',
  favourites: 'Обране',
  categories: 'Категорії',
  popular: 'Популярне',
  all: 'Усі',
  freeShipping: (sum: string) => `Безкоштовна доставка від ${sum}`,
  items: (n: number, word: string) => `${n} ${word}`,
  itemForms: ['товар', 'товари', 'товарів'] as const,
  noItems: 'Скоро буде',
  velo: 'Обери velo',
  veloLead: 'Нікотинові паучі та подарунки velo',
} as const;

export const SEARCH_COPY = {
  label: 'Пошук у магазині',
  placeholder: 'Пошук: стіки, velo, кейс…',
  clear: 'Очистити пошук',
  results: 'Результати пошуку',
  forms: ['товар', 'товари', 'товарів'] as const,
  none: (q: string) => `Нічого не знайдено за «${q}»`,
  noneText: 'Перевір написання або пошукай інакше — наприклад, за смаком чи кольором.',
} as const;

export const LIST_COPY = {
  emptyTitle: 'Тут поки порожньо',
  emptyText: 'У цьому розділі зараз немає товарів. Зазирни пізніше або в інші категорії.',
  otherShop: (brand: string) =>
    `У кожного магазину свій каталог, ціни й кошик. Перейди в магазин ${brand}, щоб побачити цей розділ і додавати товари в його кошик.`,
  otherShopTitle: (brand: string) => `Це розділ магазину ${brand}`,
  switchTo: (brand: string) => `Перейти в магазин ${brand}`,
  switchFailed: 'Не вдалося перейти. Спробуй ще раз',
  toShop: 'До магазину',
  count: (n: number, word: string) => `${n} ${word}`,
} as const;

export const FAVOURITES_COPY = {
  emptyTitle: 'Тут поки порожньо',
  emptyText: 'Натискай ♡ на товарах, які сподобались, — вони збережуться тут навіть без інтернету.',
  toShop: 'До магазину',
  unknown: (n: number) => `Ще ${n} з обраного з’являться, щойно завантажиться каталог.`,
} as const;

export const VELO_COPY = {
  lead: 'Нікотинові паучі velo: обери смак і міцність. До замовлення можна додати подарунок.',
  pouches: 'Паучі velo',
  gifts: 'Подарунки',
  giftNote: 'У кошику показуємо щонайбільше 2 подарунки velo.',
  giftsInCart: (n: number) => `Подарунків velo у кошику: ${n}`,
  emptyTitle: 'velo поки немає',
  emptyText: 'Паучі velo продаються в магазині ogo. Перемкнись на ogo в меню або зазирни пізніше.',
  toShop: 'До магазину',
} as const;

export const DETAIL_COPY = {
  notFoundTitle: 'Товар не знайдено',
  notFoundText: 'Можливо, його вже немає в каталозі, або каталог ще не завантажився на цей пристрій.',
  toList: 'До списку',
  description: 'Опис',
  quantity: 'Кількість',
  price: 'Ціна',
  bonusPrice: 'Ціна в XP',
  total: (sum: string) => `Разом ${sum}`,
  addUnits: (n: number) => (n > 1 ? `У кошик · ${n} шт.` : 'Додати в кошик'),
  added: 'Додано',
  pack: 'Упаковка',
} as const;
