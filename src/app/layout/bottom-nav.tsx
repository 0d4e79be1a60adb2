import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../ui/icons';
import './bottom-nav.css';

const TABS: Array<{ to: string; label: string; icon: IconName; end?: boolean; accent?: boolean }> = [
  { to: '/', label: 'Головна', icon: 'home', end: true },
  { to: '/shop', label: 'Магазин', icon: 'shop' },
  { to: '/scanning', label: 'Сканувати', icon: 'scan', accent: true },
  { to: '/shop/cart', label: 'Кошик', icon: 'cart' },
  { to: '/profile', label: 'Профіль', icon: 'user' },
];

/** The bottom navigation of the member layouts. */
export function BottomNav({ cartCount = 0 }: { cartCount?: number }) {
  return (
    <nav className="bottom-nav" aria-label="Основна навігація">
      {TABS.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end={t.end}
          className={({ isActive }) =>
            `bottom-nav__tab${isActive ? ' is-active' : ''}${t.accent ? ' bottom-nav__tab--accent' : ''}`
          }
        >
          <span className="bottom-nav__icon">
            <Icon name={t.icon} size={t.accent ? 26 : 22} />
            {t.to === '/shop/cart' && cartCount > 0 && (
              <span className="bottom-nav__badge">{cartCount > 99 ? '99+' : cartCount}</span>
            )}
          </span>
          <span className="bottom-nav__label">{t.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
