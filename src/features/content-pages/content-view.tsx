import { useEffect, useState } from 'react';
import { useAppSession, useAuthEnv } from '../../state/session';
import { useContentPage } from '../../db/hooks';
import { CONTENT_PAGES, type ContentPageKey } from '../../domain/content-pages';
import { memberActions } from '../../sync/member-actions-lazy';
import { Button } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { CONTENT_COPY as T } from './copy';
import '../../ui/panel.css';
import './content-pages.css';

/** Older than this, an opened page is pulled again in the background. */
const STALE_MS = 60 * 60_000;

/**
 * A configured content page (spec §7 get-page-by-id) from the local database, pulled when
 * missing or old; the server builds its HTML from stored text, escaped and without scripts.
 */
export function ContentView({ pageKey, lead }: { pageKey: ContentPageKey; lead: string }) {
  const { variant } = useAppSession();
  const env = useAuthEnv();
  const page = useContentPage(variant, String(CONTENT_PAGES[pageKey]));
  const [state, setState] = useState<'idle' | 'loading' | 'offline' | 'failed'>('idle');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!env || page === undefined) return;
    if (page && Date.now() - page.fetchedAt < STALE_MS && attempt === 0) return;
    let live = true;
    setState('loading');
    void memberActions().then((m) => m.refreshContentPage(m.pullContext(env), pageKey, true)).then((r) => {
      if (live) setState(r === 'offline' ? 'offline' : r === 'failed' ? 'failed' : 'idle');
    });
    return () => {
      live = false;
    };
    // Only when the page first loads from the database, or on a retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [env, page === undefined, variant, attempt]);

  return (
    <article className="content-page">
      <p className="page-intro">{lead}</p>
      {page ? (
        <>
          <div className="panel content-body" data-testid="content-body" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
          <p className="content-page__updated">{T.updated(new Date(page.fetchedAt).toLocaleDateString('uk-UA'))}</p>
        </>
      ) : state === 'offline' || state === 'failed' ? (
        <EmptyState
          icon={state === 'offline' ? 'offline' : 'refresh'}
          title={state === 'offline' ? T.offline : T.failed}
          action={
            <Button variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
              {T.retry}
            </Button>
          }
        />
      ) : (
        <div className="panel content-body" aria-label={T.loading}>
          <Skeleton lines={8} height={14} />
        </div>
      )}
    </article>
  );
}
