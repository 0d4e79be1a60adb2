import { useEffect } from 'react';
import { db } from '../../db/db';
import { accountOf } from '../../sync/auth/session';
import { guardContext } from '../guards/context';
import { runGuards } from '../guards/registry';
import { specFor } from '../routes/current';

/**
 * Records a page view (analytics send-bat-event, through the outbox so offline views count later)
 * on every route change of a signed-in member, once the route's guards let the page show.
 */
export function usePageViews(pathname: string, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const spec = specFor(pathname);
    if (!spec || runGuards(spec.guards, guardContext(pathname)) !== null) return;
    void (async () => {
      const account = await accountOf(db);
      if (!account) return;
      // Loaded on demand: the outbox and the API schemas stay out of the first-paint bundle.
      const { trackPageView } = await import('../../sync/mutations/analytics/event');
      await trackPageView(db, account, pathname);
    })().catch((e: unknown) => console.warn('[analytics] page view not queued', e));
  }, [pathname, signedIn]);
}
