import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { AppShell } from './app-shell';
import { GuardedPage } from './guarded-page';
import { RouteLayout } from './layout/route-layout';
import { UnmatchedRoute } from './not-found';
import { ROUTES } from './routes/table';
import type { LayoutName, RouteSpec } from './routes/types';

function Unmatched() {
  return <UnmatchedRoute path={useLocation().pathname} />;
}

/** The routes of docs/rules.md#screens, one layout route per layout; unknown paths get the 404 page. */
export function AppRoutes({ specs = ROUTES }: { specs?: readonly RouteSpec[] }) {
  const layouts = [...new Set(specs.map((s) => s.layout))] as LayoutName[];
  return (
    <Routes>
      <Route element={<AppShell />}>
        {layouts.map((kind) => (
          <Route key={kind} element={<RouteLayout kind={kind} />}>
            {specs
              .filter((s) => s.layout === kind)
              .map((s) => (
                <Route key={s.path} path={s.path} element={<GuardedPage spec={s} />} />
              ))}
          </Route>
        ))}
        <Route path="*" element={<Unmatched />} />
      </Route>
    </Routes>
  );
}

/** The app's router. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
