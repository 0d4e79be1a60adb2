import { Link } from 'react-router';
import { useState } from 'react';
import { useNews } from '../../db/hooks';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import { contentActions } from '../../sync/content/lazy';
import { Icon } from '../../ui/icons';
import { Picture } from '../../ui/picture';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { PullProblem } from '../../ui/pull-problem';
import { NEWS_COPY as T, newsDate } from './copy';
import { NewsConsent } from './news-consent';
import './news.css';

/** Cards on a 390×844 screen's first view under the intro: their pictures are asked for first. */
const FIRST_ROWS = 2;

/**
 * /news: club news of the member's variant, newest first (docs/api.md#content news/get-list), from the local
 * database: readable offline after one visit; the first cards' pictures first, the others as they come
 * into view (all of them kept for offline after each sync: src/app/pwa/pictures.ts).
 */
export default function NewsPage() {
  const { variant } = useAppSession();
  const [attempt, setAttempt] = useState(0);
  const news = useNews(variant);
  const pull = usePullOnOpen((env) => contentActions().then((m) => m.pullNews(env, variant)), `${variant}:${attempt}`);

  let list;
  if (news === undefined || (news.length === 0 && (pull === 'idle' || pull === 'running'))) {
    list = (
      <div className="card-list news-list" aria-label={T.loading}>
        {[0, 1].map((i) => (
          <div key={i} className="news-card">
            <div className="news-card__image" />
            <div className="news-card__body">
              <Skeleton lines={3} />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (news.length === 0) {
    const offline = pull === 'offline';
    list =
      offline || pull === 'failed' ? (
        <PullProblem offline={offline} copy={T} onRetry={() => setAttempt((a) => a + 1)} />
      ) : (
        <EmptyState icon="news" title={T.emptyTitle} text={T.emptyText} />
      );
  } else {
    list = (
      <ul className="card-list news-list" data-testid="news-list">
        {news.map((n, i) => (
          <li key={n.id}>
            <Link to={`/news/${n.id}`} className="news-card" data-testid="news-card">
              {n.image && (
                <Picture
                  className="news-card__image"
                  src={n.image}
                  alt=""
                  icon={<Icon name="news" />}
                  width={640}
                  height={360}
                  priority={i < FIRST_ROWS}
                />
              )}
              <span className="news-card__body">
                <span className="news-date">{newsDate(n.publishedAt)}</span>
                <span className="news-card__title">{n.title}</span>
                {n.lead && <span className="news-card__lead">{n.lead}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="stack-m news" data-testid="screen-news">
      <p className="page-intro">{T.lead}</p>
      <NewsConsent />
      {list}
    </div>
  );
}
