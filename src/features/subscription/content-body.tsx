import { useState } from 'react';
import { useContentPage } from '../../db/hooks';
import { CONTENT_PAGES } from '../../domain/content/pages';
import { usePullOnOpen } from '../../state/use-pull';
import { useAppSession } from '../../state/session';
import { subscriptionActions } from '../../sync/programme/lazy';
import { Skeleton } from '../../ui/surfaces';
import { PullProblem } from '../../ui/pull-problem';
import { SUB_COPY as T } from './copy';
import '../../ui/panel.css';
import './subscription.css';
import { formatDate } from '../../domain/format/uk-format';

/** Pages older than this are asked again in the background. */
const STALE_MS = 60 * 60_000;

/**
 * A subscription content page (/subscription/about, /subscription/faq: content/get-page-by-id)
 * from the local database; the server builds its HTML from stored text, escaped, no scripts.
 */
export function SubscriptionContent({ page }: { page: 'subscriptionAbout' | 'subscriptionFaq' }) {
  const { variant } = useAppSession();
  const row = useContentPage(variant, String(CONTENT_PAGES[page]));
  const [attempt, setAttempt] = useState(0);
  const stale = row === null || (row !== undefined && Date.now() - row.fetchedAt > STALE_MS);
  const state = usePullOnOpen(
    row === undefined || (!stale && attempt === 0)
      ? null
      : (env) => subscriptionActions().then((m) => m.pullSubscriptionPage(env, page, attempt > 0)),
    `${variant}:${attempt}:${row === undefined}`,
  );
  if (row) {
    return (
      <article className="stack-m sub">
        <div className="panel sub-body" data-testid="sub-content" dangerouslySetInnerHTML={{ __html: row.bodyHtml }} />
        <p className="sub-updated">{T.updated(formatDate(row.fetchedAt))}</p>
      </article>
    );
  }
  if (row === null && (state === 'offline' || state === 'failed')) {
    return (
      <PullProblem
        offline={state === 'offline'}
        copy={{ offlineTitle: T.pageOffline, failedTitle: T.pageFailed, retry: T.retry }}
        onRetry={() => setAttempt((a) => a + 1)}
        retryOffline={false}
      />
    );
  }
  return (
    <div className="panel">
      <Skeleton lines={8} height={14} />
    </div>
  );
}
