import { useMemo, useState, type ReactNode } from 'react';
import { useContentPage } from '../../db/hooks';
import { CONTENT_PAGES, type ContentPageKey } from '../../domain/content/pages';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import { contentActions } from '../../sync/content/lazy';
import { PullProblem } from '../../ui/pull-problem';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { useSafeHtml } from '../../ui/use-safe-html';
import { CONTENT_COPY as T } from './copy';
import '../../ui/panel.css';
import '../../ui/rich-text.css';
import './content-pages.css';
import { formatDate } from '../../domain/format/uk-format';

/**
 * A configured content page (docs/api.md#content get-page-by-id) of the member's variant from the local
 * database: readable offline after one visit, pulled on open within its lifetime (and afresh
 * after a new app version, docs/rules.md#states). The server builds its HTML from stored text; it is
 * sanitised here all the same (src/ui/safe-html.ts, loaded after the first paint). `children`
 * follow the text (links, actions).
 */
export function ContentView({
  pageKey,
  lead,
  testId,
  before,
  children,
  placeholder,
}: {
  pageKey: ContentPageKey;
  lead?: string;
  testId?: string;
  /** Shown above the text (a promo code). */
  before?: ReactNode;
  children?: ReactNode;
  /** Shown instead of the loading, offline and failed states: a copy of the text shipped with the app. */
  placeholder?: ReactNode;
}) {
  const { variant } = useAppSession();
  const [attempt, setAttempt] = useState(0);
  const page = useContentPage(variant, String(CONTENT_PAGES[pageKey]));
  const pull = usePullOnOpen(
    (env) => contentActions().then((m) => m.pullContentPage(env, pageKey, variant)),
    `${variant}:${pageKey}:${attempt}`,
  );
  const safe = useSafeHtml();
  const html = useMemo(() => (page && safe ? safe.sanitizeHtml(page.bodyHtml) : null), [page, safe]);

  let body: ReactNode;
  if (page && html !== null) {
    body = html ? (
      <>
        <div
          className="panel content-body rich-text"
          data-testid="content-body"
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <p className="content-page__updated">{T.updated(formatDate(page.fetchedAt))}</p>
      </>
    ) : (
      <EmptyState icon="doc" title={T.empty} />
    );
  } else if (placeholder && (page === undefined || page === null)) {
    body = placeholder;
  } else if (page || page === undefined || pull === 'idle' || pull === 'running') {
    body = (
      <div className="panel content-body" aria-label={T.loading}>
        <Skeleton lines={8} height={14} />
      </div>
    );
  } else if (pull === 'offline' || pull === 'failed') {
    body = (
      <PullProblem
        offline={pull === 'offline'}
        copy={{ offlineTitle: T.offline, failedTitle: T.failed, retry: T.retry }}
        onRetry={() => setAttempt((a) => a + 1)}
      />
    );
  } else {
    body = <EmptyState icon="doc" title={T.empty} />;
  }

  return (
    <article className="stack-m content-page" data-testid={testId}>
      {lead && <p className="page-intro">{lead}</p>}
      {before}
      {body}
      {children}
    </article>
  );
}
