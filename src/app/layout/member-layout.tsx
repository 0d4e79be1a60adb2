import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { db } from '../../db/db';
import { toasts } from '../../ui/toast-store';
import { closeMenu, menuState, openMenu, useMenuOpen } from '../menu/menu-state';
import type { AppSession } from '../../state/session';
import type { LayoutName } from '../routes/types';
import { applyTheme, useAppSession, useAuthEnvNow } from '../../state/session';
import { useSyncMaybe } from '../../state/sync-context';
import { clearSnapshots } from '../snapshot/store';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { InfoFooter } from './info-footer';
import { useCurrentSpec } from '../routes/current';
import { layoutTheme, pageTitle, WITH_NAV } from './layout-rules';
import { useScreenTitleOverride } from '../../state/screen-title';
import { usePageViews } from './use-page-views';
import { InstallOffer } from '../pwa/install-offer';
import { useScreenSettled } from '../boot/use-screen-settled';
import { LostChangesNotice } from '../../features/sync-status/lost-changes-notice';

// None is part of the first screen: the menu is mounted closed in idle time after the first screen
// has settled, the sync indicator once sync has started (then too). Their code loads then.
const SideMenu = lazy(() => import('../menu/side-menu').then((m) => ({ default: m.SideMenu })));
// The feedback popup (docs/rules.md#entities) loads once the home screen has settled, not with the layout.
const FeedbackPrompt = lazy(() =>
  import('../../features/feedback/feedback-prompt').then((m) => ({ default: m.FeedbackPrompt })),
);
const SyncIndicator = lazy(() =>
  import('../../features/sync-status/sync-indicator').then((m) => ({ default: m.SyncIndicator })),
);

/**
 * The side menu, mounted closed once the page has settled (then in idle time), so that opening it
 * shows what is already laid out; mounted at once if opened before. Only it re-renders on open/close.
 */
function MenuHost({
  session,
  onSwitchVariant,
  settled,
}: {
  session: AppSession;
  onSwitchVariant: () => Promise<void>;
  settled: boolean;
}) {
  const open = useMenuOpen();
  const [ready, setReady] = useState(menuState.isOpen);
  useEffect(() => {
    if (!settled) return undefined;
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      return () => w.cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => setReady(true), 1000);
    return () => clearTimeout(t);
  }, [settled]);
  if (!ready && !open) return null;
  return (
    <Suspense fallback={null}>
      <SideMenu open={open} onClose={closeMenu} session={session} onSwitchVariant={onSwitchVariant} />
    </Suspense>
  );
}

/**
 * A layout (docs/rules.md#screens) for a signed-in member: header with title and back arrow, the sync
 * indicator, the page, the footer the layout calls for, the bottom navigation with the cart's
 * count and the side menu. Keeps the screen's look for the next visit (../snapshot).
 */
export default function MemberLayout({ kind }: { kind: LayoutName }) {
  const handle = useCurrentSpec() ?? { title: 'Клуб', back: { kind: 'history' } as const };
  const session = useAppSession();
  const sync = useSyncMaybe();
  const envNow = useAuthEnvNow();
  const location = useLocation();
  const navigate = useNavigate();
  const settled = useScreenSettled();
  const cartCount = useLiveQuery(
    async () =>
      session.signedIn
        ? (await db.cart.where('variant').equals(session.variant).toArray()).reduce((n, l) => n + l.count, 0)
        : 0,
    [session.signedIn, session.variant],
    0,
  );

  useEffect(() => closeMenu(), [location.pathname]);
  const theme = layoutTheme(kind, session.variant);
  const ownTitle = useScreenTitleOverride();
  useEffect(() => {
    document.title = pageTitle(ownTitle ?? handle.title, theme);
  }, [ownTitle, handle.title, theme]);
  useEffect(() => applyTheme(theme), [theme]);
  usePageViews(location.pathname, session.signedIn && settled);
  useEffect(() => {
    if (!session.signedIn || !settled) return undefined;
    // Keeping the screen's look is for the next visit: its code loads after this screen.
    let stop: (() => void) | undefined;
    let live = true;
    void import('../snapshot/capture').then((m) => {
      if (live) stop = m.watchScreen();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [session.signedIn, settled]);

  const onSwitchVariant = useCallback(async () => {
    const next = session.variant === 'glo' ? 'ogo' : 'glo';
    try {
      // Loaded on demand: the API layer stays out of the first-paint bundle.
      const [{ switchToVariant }, env] = await Promise.all([import('../../sync/auth/member'), envNow()]);
      await switchToVariant(env, next);
    } catch (e) {
      toasts.show(e instanceof Error ? e.message : 'Не вдалося перейти. Спробуй ще раз', { kind: 'error' });
      return;
    }
    // The kept screens wear the other variant's brand and data.
    clearSnapshots(localStorage);
    applyTheme(next);
    closeMenu();
    // docs/rules.md#states: navigate home, reloading when already there.
    if (location.pathname === '/') window.location.reload();
    else navigate('/');
  }, [envNow, session.variant, location.pathname, navigate]);

  return (
    <div className={`layout layout--${kind}${WITH_NAV.has(kind) ? ' layout--with-nav' : ''}`} data-layout={kind}>
      <Header title={handle.title} back={handle.back} brand={theme} showMenu={session.signedIn} onMenu={openMenu} />
      <div className="layout__status">
        {sync && (
          <Suspense fallback={null}>
            <SyncIndicator runtime={sync} />
          </Suspense>
        )}
      </div>
      <div className="layout__status">
        <LostChangesNotice />
      </div>
      <main className="page" id="main">
        <Outlet />
      </main>
      {kind === 'ogo-footer' && <InfoFooter variant={session.variant} />}
      {WITH_NAV.has(kind) && session.signedIn && <BottomNav cartCount={cartCount} />}
      {session.signedIn && <MenuHost session={session} onSwitchVariant={onSwitchVariant} settled={settled} />}
      {/* The install offer waits for the home screen rather than interrupting a task. */}
      {location.pathname === '/' && <InstallOffer />}
      {location.pathname === '/' && settled && (
        <Suspense fallback={null}>
          <FeedbackPrompt />
        </Suspense>
      )}
    </div>
  );
}
