import { useNavigate } from 'react-router';
import { Icon } from '../../ui/icons';
import { Wordmark } from '../../ui/surfaces';
import { resolveBack } from '../routes/back';
import type { BackTarget } from '../routes/types';
import './header.css';

/** The top bar: back arrow (docs/rules.md#screens rules), title, and the menu button for signed-in members. */
export function Header({
  title,
  back,
  brand,
  showMenu,
  onMenu,
  trailing,
}: {
  title: string;
  back: BackTarget;
  brand: 'glo' | 'ogo';
  showMenu: boolean;
  onMenu: () => void;
  trailing?: React.ReactNode;
}) {
  const navigate = useNavigate();
  const hasHistory = typeof window !== 'undefined' && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const target = resolveBack(back, hasHistory);
  return (
    <header className="app-header">
      <div className="app-header__side">
        {target !== null ? (
          <button
            type="button"
            className="icon-btn"
            aria-label="Назад"
            data-testid="back"
            onClick={() => (target === -1 ? navigate(-1) : navigate(target))}
          >
            <Icon name="back" />
          </button>
        ) : (
          <Wordmark brand={brand} size={24} />
        )}
      </div>
      <h1 className="app-header__title" tabIndex={-1}>
        {title}
      </h1>
      <div className="app-header__side app-header__side--end">
        {trailing}
        {showMenu && (
          <button
            type="button"
            className="icon-btn"
            aria-label="Меню"
            aria-haspopup="dialog"
            data-testid="menu-button"
            onClick={onMenu}
          >
            <Icon name="menu" />
          </button>
        )}
      </div>
    </header>
  );
}
