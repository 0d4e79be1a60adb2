import { Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Skeleton } from '../ui/surfaces';
import { guardContext } from './guards/context';
import { runGuards } from './guards/registry';
import { NotFoundPage } from './not-found';
import { PageBoundary } from './page-boundary';
import { lazyPage } from './routes/lazy-pages';
import type { RouteSpec } from './routes/types';

const POSITIVE_ID = /^[1-9]\d{0,11}$/;

/**
 * One route of the table: its params checked (a bad id is the fatal 'Page Not Found' of spec
 * §8), its guards run (a redirect replaces the entry), then its page, loaded lazily.
 */
export function GuardedPage({ spec }: { spec: RouteSpec }) {
  const params = useParams();
  const { pathname } = useLocation();
  if ((spec.idParams ?? []).some((p) => !POSITIVE_ID.test(params[p] ?? ''))) {
    console.error(`Page Not Found: ${pathname}`);
    return <NotFoundPage embedded />;
  }
  const target = runGuards(spec.guards, guardContext(pathname));
  if (target) return <Navigate to={target} replace />;
  const Page = lazyPage(spec.path);
  return (
    <PageBoundary path={pathname}>
      <Suspense fallback={<Skeleton lines={4} height={18} />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}
