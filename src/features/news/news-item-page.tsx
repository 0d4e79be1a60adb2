import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { db } from '../../db/db';
import { useOnline } from '../../state/online';
import { useAppSession, useAuthEnv } from '../../state/session';
import { contentActions } from '../../sync/content/lazy';
import type { NewsItemResult } from '../../sync/content/actions';
import { Button, ButtonLink } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { Picture } from '../../ui/picture';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { useSafeHtml } from '../../ui/use-safe-html';
import { NEWS_COPY, newsDate } from './copy';
import '../../ui/rich-text.css';
import './news.css';

const T = NEWS_COPY.item;

type State = 'idle' | 'running' | NewsItemResult;

/**
 * /news/{newsId} (back to /news): one item with its text (docs/api.md#content news/get-by-id), from the local
 * database. A deep link to an item not stored yet loads it online and says plainly when offline;
 * an id the server does not know says so; a stored item reads offline.
 */
export default function NewsItemPage() {
  const { variant } = useAppSession();
  const env = useAuthEnv();
  const online = useOnline();
  const id = Number(useParams().newsId);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>('idle');
  const row = useLiveQuery(async () => (await db.news.get([variant, String(id)])) ?? null, [variant, id]);

  useEffect(() => {
    if (!env) return;
    if (!online) {
      setState('offline');
      return;
    }
    let live = true;
    setState('running');
    contentActions()
      .then((m) => m.pullNewsItem(env, variant, id))
      .then((r) => live && setState(r))
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [env, online, variant, id, attempt]);

  const safe = useSafeHtml();
  const html = useMemo(() => (row?.bodyHtml && safe ? safe.sanitizeHtml(row.bodyHtml) : ''), [row?.bodyHtml, safe]);
  const retry = (
    <Button variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
      {NEWS_COPY.retry}
    </Button>
  );
  const all = (
    <ButtonLink to="/news" variant="secondary">
      {T.allNews}
    </ButtonLink>
  );

  if (state === 'missing' && !row) {
    return <EmptyState icon="news" title={T.missingTitle} text={T.missingText} action={all} />;
  }
  if (!row) {
    if (row === undefined || state === 'idle' || state === 'running') {
      return (
        <article className="news-article" aria-label={NEWS_COPY.loading} data-testid="screen-news-item">
          <div className="news-article__image" />
          <div className="news-article__body">
            <Skeleton lines={7} />
          </div>
        </article>
      );
    }
    const offline = state === 'offline';
    return (
      <div data-testid="screen-news-item">
        <EmptyState
          icon={offline ? 'offline' : 'refresh'}
          title={offline ? T.offlineTitle : T.failedTitle}
          text={offline ? T.offlineText : T.failedText}
          action={offline ? all : retry}
        />
      </div>
    );
  }

  const waitingText = (!row.bodyHtml && (state === 'idle' || state === 'running')) || (row.bodyHtml !== '' && !safe);
  return (
    <article className="news-article" data-testid="screen-news-item">
      {row.image && (
        <Picture
          className="news-article__image"
          src={row.image}
          alt=""
          icon={<Icon name="news" />}
          width={640}
          height={360}
          priority
        />
      )}
      <div className="news-article__body">
        <span className="news-date">{newsDate(row.publishedAt, true)}</span>
        <h2 className="news-article__title" data-testid="news-title">
          {row.title}
        </h2>
        {row.lead && <p className="news-article__lead">{row.lead}</p>}
        {html ? (
          <div className="rich-text" data-testid="news-body" dangerouslySetInnerHTML={{ __html: html }} />
        ) : waitingText ? (
          <Skeleton lines={5} />
        ) : state === 'offline' || state === 'failed' ? (
          <p className="news-article__notice" role="status">
            <Icon name="offline" size={18} /> {NEWS_COPY.item.bodyOffline}
          </p>
        ) : (
          <p className="news-article__notice">{T.noText}</p>
        )}
      </div>
    </article>
  );
}
