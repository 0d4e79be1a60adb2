import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { db } from '../../db/db';
import { clubName } from '../../domain/brand';
import { toasts } from '../../ui/toast-store';
import { SyncIndicator } from '../../features/sync-status/sync-indicator';
import { SideMenu } from '../menu/side-menu';
import type { LayoutName } from '../routes/types';
import { applyTheme, useAppSession, useAuthEnv } from '../../state/session';
import { useSyncMaybe } from '../../state/sync-context';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { InfoFooter } from './info-footer';
import { useCurrentSpec } from '../routes/current';
import { usePageViews } from './use-page-views';
import './route-layout.css';

/** Layouts that show the bottom navigation. */
const WITH_NAV: ReadonlySet<LayoutName> = new Set(['account', 'ogo-footer']);

/**
 * One of the spec §2 layouts around the matched page: header with title and back arrow,
 * the sync indicator, the page, and the footer the layout calls for; the side menu for
 * signed-in members.
 */
export function RouteLayout({ kind }: { kind: LayoutName }) {
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
  // The ogo landing invites to the ogo club: it wears the ogo theme whatever the variant.
  const theme = kind === 'landing' ? 'ogo' : session.variant;
  useEffect(() => {
    // Spec §2 brand naming: the title names the club of the brand the page wears.
    document.title = handle.title === clubName(theme) ? handle.title : `${handle.title} · ${clubName(theme)}`;
  }, [handle.title, theme]);
  useEffect(() => applyTheme(theme), [theme]);
  usePageViews(location.pathname, session.signedIn);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
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
    applyTheme(next);
    setMenuOpen(false);
    // Spec §4: navigate home, reloading when already there.
    if (location.pathname === '/') window.location.reload();
    else navigate('/');
  }, [env, session.variant, location.pathname, navigate]);

  return (
    <div className={`layout layout--${kind}${WITH_NAV.has(kind) ? ' layout--with-nav' : ''}`} data-layout={kind}>
      <Header title={handle.title} back={handle.back} brand={theme} showMenu={session.signedIn} onMenu={() => setMenuOpen(true)} />
      <div className="layout__status">
        {sync && <SyncIndicator runtime={sync} />}
      </div>
      <main className="page" id="main">
        <Outlet />
      </main>
      {kind === 'ogo-footer' && <InfoFooter variant={session.variant} />}
      {WITH_NAV.has(kind) && session.signedIn && <BottomNav cartCount={cartCount} />}
      {session.signedIn && <SideMenu open={menuOpen} onClose={closeMenu} session={session} onSwitchVariant={onSwitchVariant} />}
    </div>
  );
}
