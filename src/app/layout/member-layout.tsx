import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { db } from '../../db/db';
import { toasts } from '../../ui/toast-store';
import { SyncIndicator } from '../../features/sync-status/sync-indicator';
import { SideMenu } from '../menu/side-menu';
import type { LayoutName } from '../routes/types';
import { applyTheme, useAppSession, useAuthEnv } from '../../state/session';
import { useSyncMaybe } from '../../state/sync-context';
import { clearSnapshots } from '../snapshot/store';
import { watchScreen } from '../snapshot/capture';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { InfoFooter } from './info-footer';
import { useCurrentSpec } from '../routes/current';
import { layoutTheme, pageTitle, WITH_NAV } from './route-layout';
import { usePageViews } from './use-page-views';

/**
 * A spec §2 layout for a signed-in member: header with title and back arrow, the sync
 * indicator, the page, the footer the layout calls for, the bottom navigation with the cart's
 * count and the side menu. Keeps the screen's look for the next visit (../snapshot).
 */
export default function MemberLayout({ kind }: { kind: LayoutName }) {
  const handle = useCurrentSpec() ?? { title: 'Клуб', back: { kind: 'history' } as const };
  const session = useAppSession();
  const sync = useSyncMaybe();
  const env = useAuthEnv();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const cartCount = useLiveQuery(
    async () => (session.signedIn ? (await db.cart.where('variant').equals(session.variant).toArray()).reduce((n, l) => n + l.count, 0) : 0),
    [session.signedIn, session.variant],
    0,
  );

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    document.title = pageTitle(handle.title, session.variant);
  }, [handle.title, session.variant]);
  const theme = layoutTheme(kind, session.variant);
  useEffect(() => applyTheme(theme), [theme]);
  usePageViews(location.pathname, session.signedIn);
  useEffect(() => (session.signedIn ? watchScreen() : undefined), [session.signedIn]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const onSwitchVariant = useCallback(async () => {
    const next = session.variant === 'glo' ? 'ogo' : 'glo';
    if (!env) return;
    try {
      // Loaded on demand: the API layer stays out of the first-paint bundle.
      const { switchToVariant } = await import('../../sync/auth-member');
      await switchToVariant(env, next);
    } catch (e) {
      toasts.show(e instanceof Error ? e.message : 'Не вдалося перейти. Спробуй ще раз', { kind: 'error' });
      return;
    }
    // The kept screens wear the other variant's brand and data.
    clearSnapshots(localStorage);
    applyTheme(next);
    setMenuOpen(false);
    // Spec §4: navigate home, reloading when already there.
    if (location.pathname === '/') window.location.reload();
    else navigate('/');
  }, [env, session.variant, location.pathname, navigate]);

  return (
    <div className={`layout layout--${kind}${WITH_NAV.has(kind) ? ' layout--with-nav' : ''}`} data-layout={kind}>
      <Header title={handle.title} back={handle.back} brand={theme} showMenu={session.signedIn} onMenu={openMenu} />
      <div className="layout__status">{sync && <SyncIndicator runtime={sync} />}</div>
      <main className="page" id="main">
        <Outlet />
      </main>
      {kind === 'ogo-footer' && <InfoFooter variant={session.variant} />}
      {WITH_NAV.has(kind) && session.signedIn && <BottomNav cartCount={cartCount} />}
      {session.signedIn && <SideMenu open={menuOpen} onClose={closeMenu} session={session} onSwitchVariant={onSwitchVariant} />}
    </div>
  );
}
