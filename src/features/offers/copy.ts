import type { IconName } from '../../ui/icons';

export interface Offer {
  key: string;
  to: string;
  title: string;
  text: string;
  icon: IconName;
  /** Shown only to a member who may see velo products (oral status, docs/rules.md#validation). */
  velo?: boolean;
  /** Only on one variant. */
  only?: 'glo' | 'ogo';
}

/** The words of /offers, in one place: the club's current offers, each leading to its page. */
export const OFFERS_COPY = {
  lead: 'Актуальні пропозиції та акції клубу.',
  featured: 'Пропозиція тижня',
  more: 'Усі пропозиції',
  offers: [
    {
      key: 'promo',
      to: '/promo',
      title: 'Промокод VELO-20%',
      text: 'Знижка 20% на перше замовлення velo в магазині ogo.',
      icon: 'spark',
      velo: true,
      only: 'ogo',
    },
    {
      key: 'invite',
      to: '/invite-friend/offer',
      title: 'Запроси друга',
      text: 'XP за перше замовлення кожного запрошеного друга.',
      icon: 'share',
    },
    {
      key: 'test-drive',
      to: '/test-drive',
      title: 'Тест-драйв пристроїв',
      text: 'Спробуй пристрій у фірмовому магазині перед покупкою.',
      icon: 'store',
    },
    {
      key: 'velo-test-drive',
      to: '/test-drive/velo',
      title: 'Тест-драйв velo',
      text: 'Пробний набір нікотинових подушечок velo.',
      icon: 'spark',
      velo: true,
    },
    {
      key: 'why-ogo',
      to: '/why-ogo',
      title: 'Чому ogo',
      text: 'Що дає клуб ogo і чим він відрізняється.',
      icon: 'help',
    },
    {
      key: 'subscription',
      to: '/subscription',
      title: 'Підписка на стіки',
      text: 'Регулярна доставка з бонусом XP.',
      icon: 'refresh',
    },
    {
      key: 'certificates',
      to: '/certificates',
      title: 'Сертифікати партнерів',
      text: 'Обмінюй XP на сертифікати: пальне, продукти, техніка.',
      icon: 'doc',
    },
  ] satisfies Offer[],
  ageNote: 'Пропозиції velo з’являться тут після підтвердження віку.',
  verify: 'Підтвердити вік',
} as const;
