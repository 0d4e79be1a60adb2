import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Skeleton } from '../ui/surfaces';
import { afterScreenSettled, noteScreenShown } from './boot/first-screen';
import { useVisit } from './guards/visit';
import { runGuards } from './guards/registry';
import { NotFoundPage } from './not-found';
import { PageBoundary } from './page-boundary';
import { lazyPage, preloadPage } from './routes/lazy-pages';
import { NEXT_PAGES } from './routes/next-pages';
import type { RouteSpec } from './routes/types';

const POSITIVE_ID = /^[1-9]\d{0,11}$/;

/**
 * Rendered after the page inside its boundary: its effect runs once the page itself is on screen,
 * and, once the screen has settled, fetches the code of the screens this one leads to by itself
 * (./routes/next-pages).
 */
function ScreenShown({ path }: { path: string }) {
  useEffect(() => {
    noteScreenShown();
    return afterScreenSettled(() => {
      for (const next of NEXT_PAGES[path] ?? []) preloadPage(next);
    });
  }, [path]);
  return null;
}

/**
 * One route of the table: its params checked (a bad id is the fatal 'Page Not Found' of
 * docs/rules.md#error-reactions), its guards run (a redirect replaces the entry), then its page, loaded lazily.
 */
export function GuardedPage({ spec }: { spec: RouteSpec }) {
  const params = useParams();
  const { pathname } = useLocation();
  const visit = useVisit();
  if ((spec.idParams ?? []).some((p) => !POSITIVE_ID.test(params[p] ?? ''))) {
    console.error(`Page Not Found: ${pathname}`);
    return <NotFoundPage embedded />;
  }
  const target = runGuards(spec.guards, visit.guardContext(pathname));
  if (target) return <Navigate to={target} replace />;
  const Page = lazyPage(spec.page);
  return (
    <PageBoundary path={pathname}>
      <Suspense fallback={<Skeleton lines={4} height={18} />}>
        <Page />
        <ScreenShown path={spec.path} />
      </Suspense>
    </PageBoundary>
  );
}
