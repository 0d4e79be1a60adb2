import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { SyncProvider } from '../../state/sync-context';
import type { GuardContext } from '../guards/types';
import { VisitProvider, type VisitSource } from '../guards/visit';
import { pageTitle, layoutTheme } from '../layout/layout-rules';
import { AppRoutes } from '../router';
import { resolveVisit, type VisitorState } from '../routes/plan';

// What the build step reads besides the renderer: the route table, its sources and its plan.
export { PAGE_SOURCES } from '../routes/page-sources';
export { prerenderedFile, routePlan, VISITOR_STATES } from '../routes/plan';
export { ROUTES } from '../routes/table';

/**
 * Build time, in Node: the HTML of a screen as a visitor in `state` first sees it, rendered by
 * the app's own components (the same tree the browser hydrates), lazy pages included. Null when
 * the path is not a page for that visitor (the guards send them elsewhere).
 */
export async function renderScreen(
  path: string,
  state: VisitorState,
): Promise<{ html: string; title: string; theme: string } | null> {
  const visit = resolveVisit(path, state);
  if (visit.kind !== 'page') return null;
  const source: VisitSource = {
    guardContext: (pathname): GuardContext => ({
      pathname,
      ...state,
      previousPath: null,
      rememberReferrer: () => undefined,
    }),
    signedIn: () => state.signedIn,
  };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SyncProvider runtime={null}>
        <StaticRouter location={path}>
          <VisitProvider value={source}>
            <AppRoutes />
          </VisitProvider>
        </StaticRouter>
      </SyncProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const c of prelude) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  const variant = 'glo';
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    title: pageTitle(visit.spec.title, variant),
    theme: layoutTheme(visit.spec.layout, variant),
  };
}
