import { DEFAULT_CERT_CATEGORIES } from '../../../../src/domain/programme/cert-rules';

/** Whether `id` is one of the certificate categories (docs/rules.md#entities, src/domain/programme/cert-rules.ts; id 3 is not among them). */
export function isCertCategory(id: number): boolean {
  return DEFAULT_CERT_CATEGORIES.some((c) => c.CATEGORY_ID === id);
}

/** The general text of the certificates screen (cert/get-message without a category). */
export const CERT_MESSAGE = {
  title: 'Сертифікати партнерів',
  message:
    'Обмінюй XP на подарункові сертифікати партнерів клубу. Обери категорію, партнера й номінал — ' +
    'XP спишуться одразу, а сертифікат з’явиться в розділі «Мої сертифікати». Код сертифіката ' +
    'відкривається після введення PIN-коду. Сертифікат діє 12 місяців від дати покупки.',
};

/** What to know about each category before buying. */
export const CERT_CATEGORY_MESSAGES: Readonly<Record<number, string>> = {
  1: 'Сертифікат можна використати в магазині партнера або на його сайті; різницю в ціні можна доплатити.',
  2: 'Сертифікат приймають на касах мережі по всій Україні. Алкоголь і тютюн ним не оплачуються.',
  4: 'Сума сертифіката зараховується на рахунок мобільного номера після активації коду.',
  5: 'Сертифікат діє на всіх АЗС мережі партнера на пальне, кав’ярню й магазин.',
  6: 'Сертифікат обмінюється на квитки або послуги партнера; перевір умови на сайті партнера.',
  7: 'Сертифікат діє в магазинах і на сайті партнера на будь-які товари, крім уже знижених.',
};
