import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { clubConfig } from '../../state/club-config';
import { Icon } from '../../ui/icons';
import { Wordmark } from '../../ui/surfaces';
import type { AppSession } from '../../state/session';
import { FullSiteLink } from './full-site-link';
import { LogoutPanel } from './logout-panel';
import { menuItems, showVariantSwitch } from './items';
import { shareApp } from './share';
import { useFocusTrap } from './use-focus-trap';
import { useScrollLock } from './use-scroll-lock';
import './side-menu.css';

/**
 * The side menu of docs/rules.md#screens. The layout closes it on every route change; the page does not
 * scroll behind it; Tab stays inside and Escape closes it. It stays in the page once mounted
 * (closed: hidden and inert), so opening it only shows what is already laid out.
 */
export function SideMenu({
  open,
  onClose,
  session,
  onSwitchVariant,
}: {
  open: boolean;
  onClose: () => void;
  session: AppSession;
  /** Resolves when the switch is done (or refused); the button shows progress meanwhile. */
  onSwitchVariant: () => Promise<void>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const [switching, setSwitching] = useState(false);
  useScrollLock(open);
  useFocusTrap(ref, open, onClose);
  useEffect(() => {
    if (!open) setLoggingOut(false);
  }, [open]);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const items = menuItems({ variant: session.variant, ageVerified: session.ageVerified, canShare });
  const other = session.variant === 'glo' ? 'ogo' : 'glo';
  return (
    <div
      className={`side-menu${open ? ' is-open' : ''}`}
      data-testid={open ? 'side-menu' : undefined}
      inert={!open}
      aria-hidden={open ? undefined : true}
      data-no-snapshot=""
    >
      <button type="button" className="side-menu__scrim" aria-label="Закрити меню" tabIndex={-1} onClick={onClose} />
      <div ref={ref} className="side-menu__panel" role="dialog" aria-modal={open || undefined} aria-label="Меню">
        <div className="side-menu__top">
          <Wordmark brand={session.variant} size={28} />
          <button type="button" className="side-menu__close" aria-label="Закрити меню" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        {loggingOut ? (
          <LogoutPanel onCancel={() => setLoggingOut(false)} />
        ) : (
          <>
            <nav className="side-menu__list">
              {items.map((item) =>
                item.to === 'share' ? (
                  <button
                    key={item.key}
                    type="button"
                    className="side-menu__item"
                    onClick={() => void shareApp(navigator, location.origin, session.referralCode, session.variant)}
                  >
                    <Icon name={item.icon} size={20} />
                    {item.label}
                  </button>
                ) : (
                  <Link
                    key={item.key}
                    to={item.to}
                    className="side-menu__item"
                    onClick={() => item.to === location.pathname && onClose()}
                  >
                    <Icon name={item.icon} size={20} />
                    {item.label}
                  </Link>
                ),
              )}
            </nav>
            <div className="side-menu__bottom">
              {showVariantSwitch(location.host, clubConfig.ogoHost) && (
                <button
                  type="button"
                  className="side-menu__switch"
                  data-testid="variant-switch"
                  disabled={switching}
                  aria-busy={switching || undefined}
                  onClick={() => {
                    setSwitching(true);
                    void onSwitchVariant().finally(() => setSwitching(false));
                  }}
                >
                  {switching ? <span className="btn__spinner" aria-hidden="true" /> : <Icon name="swap" size={20} />}
                  <span>
                    Перейти в <Wordmark brand={other} size={17} />
                  </span>
                </button>
              )}
              <FullSiteLink className="side-menu__item" brand={session.variant} />
              <button
                type="button"
                className="side-menu__item side-menu__item--danger"
                onClick={() => setLoggingOut(true)}
              >
                <Icon name="logout" size={20} />
                Вийти
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
