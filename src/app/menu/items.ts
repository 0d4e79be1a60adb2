import type { IconName } from '../../ui/icons';

export type MenuVariant = 'glo' | 'ogo';

export interface MenuItem {
  key: string;
  label: string;
  icon: IconName;
  /** A route to open, or 'share' for the share action. */
  to: string | 'share';
}

const ITEMS: Record<string, MenuItem> = {
  home: { key: 'home', label: 'Головна', icon: 'home', to: '/' },
  studio: { key: 'glo-studio', label: 'Фірмові магазини', icon: 'store', to: '/glo-studio' },
  news: { key: 'news', label: 'Новини', icon: 'news', to: '/news' },
  profile: { key: 'profile', label: 'Профіль і адреса доставки', icon: 'user', to: '/profile' },
  share: { key: 'share', label: 'Поділитися застосунком', icon: 'share', to: 'share' },
  faq: { key: 'faq', label: 'Питання та відповіді', icon: 'help', to: '/faq' },
  vocabulary: { key: 'vocabulary', label: 'Словник споживача', icon: 'book', to: '/vocabulary' },
  support: { key: 'support', label: 'Підтримка', icon: 'support', to: '/support' },
  rules: { key: 'rules', label: 'Правила клубу', icon: 'rules', to: '/rules' },
  agreement: { key: 'user-agreement', label: 'Угода користувача', icon: 'doc', to: '/user-agreement' },
};

const ORDER: Record<MenuVariant, string[]> = {
  glo: ['home', 'studio', 'news', 'profile', 'share', 'faq', 'vocabulary', 'rules'],
  ogo: ['home', 'studio', 'news', 'share', 'faq', 'vocabulary', 'support', 'rules', 'agreement'],
};

/**
 * The side menu of docs/rules.md#screens for a variant: the rules entry only for age-verified members,
 * the share entry only where the device can share.
 */
export function menuItems(opts: { variant: MenuVariant; ageVerified: boolean; canShare: boolean }): MenuItem[] {
  return ORDER[opts.variant]
    .map((k) => ITEMS[k]!)
    .filter((item) => (item.key === 'rules' ? opts.ageVerified : true))
    .filter((item) => (item.key === 'share' ? opts.canShare : true));
}

/** The switch to the other variant is hidden on the second variant's own host (docs/rules.md#screens). */
export function showVariantSwitch(host: string, ogoHost: string | undefined): boolean {
  return !ogoHost || host !== ogoHost;
}
