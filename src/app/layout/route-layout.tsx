import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { applyTheme, hostBrand, type AppVariant } from '../../state/visitor';
import { Skeleton } from '../../ui/surfaces';
import { useVisit } from '../guards/visit';
import { useCurrentSpec } from '../routes/current';
import type { BackTarget, LayoutName } from '../routes/types';
import { Header } from './header';
import { InfoFooter } from './info-footer';
import { layoutTheme, pageTitle, WITH_NAV } from './layout-rules';
import './route-layout.css';

/** The member's chrome (side menu, bottom navigation with the cart, sync indicator): its own chunk, with the local database. */
export const loadMemberLayout = () => import('./member-layout');
const MemberLayout = lazy(loadMemberLayout);

const FALLBACK_HANDLE = { title: 'Клуб', back: { kind: 'history' } as BackTarget };
const noop = () => undefined;

/**
 * One of the layouts (docs/rules.md#screens) around the matched page. A signed-out visitor gets the light
 * layout (header, page, footer: no database, so the signed-out screens load none); a member gets
 * the member layout, loaded lazily with the local database.
 */
export function RouteLayout({ kind }: { kind: LayoutName }) {
  // Re-rendered on every navigation, so the cookie is read again after a sign-in.
  useLocation();
  const visit = useVisit();
  if (visit.signedIn()) {
    return (
      <Suspense fallback={<LayoutFrame kind={kind} variant="glo" />}>
        <MemberLayout kind={kind} />
      </Suspense>
    );
  }
  return <PublicLayout kind={kind} />;
}

function PublicLayout({ kind }: { kind: LayoutName }) {
  const handle = useCurrentSpec() ?? FALLBACK_HANDLE;
  const brand = hostBrand();
  const theme = layoutTheme(kind, brand);
  useEffect(() => {
    document.title = pageTitle(handle.title, theme);
  }, [handle.title, theme]);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <div className={`layout layout--${kind}${WITH_NAV.has(kind) ? ' layout--with-nav' : ''}`} data-layout={kind}>
      <Header title={handle.title} back={handle.back} brand={theme} showMenu={false} onMenu={noop} />
      <div className="layout__status" />
      <main className="page" id="main">
        <Outlet />
      </main>
      {kind === 'ogo-footer' && <InfoFooter variant={brand} />}
    </div>
  );
}

/** The layout's frame while the member layout loads: header and a placeholder. */
export function LayoutFrame({ kind, variant }: { kind: LayoutName; variant: AppVariant }) {
  const handle = useCurrentSpec() ?? FALLBACK_HANDLE;
  return (
    <div className={`layout layout--${kind}${WITH_NAV.has(kind) ? ' layout--with-nav' : ''}`} data-layout={kind}>
      <Header
        title={handle.title}
        back={handle.back}
        brand={layoutTheme(kind, variant)}
        showMenu={false}
        onMenu={noop}
      />
      <main className="page" id="main">
        <Skeleton lines={4} height={18} />
      </main>
    </div>
  );
}
