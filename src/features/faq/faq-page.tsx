import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useContentPage } from '../../db/hooks';
import { CONTENT_PAGES } from '../../domain/content/pages';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import { contentActions } from '../../sync/content/lazy';
import { ButtonLink } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { EmptyState, ListRow, Skeleton } from '../../ui/surfaces';
import { PullProblem } from '../../ui/pull-problem';
import { useSafeHtml } from '../../ui/use-safe-html';
import { FAQ_COPY as T } from './copy';
import { FaqAccordion } from './faq-accordion';
import { parseFaqBody } from './faq-body';
import '../../ui/rich-text.css';
import './faq.css';
import { formatDate } from '../../domain/format/uk-format';

/**
 * /faq: the FAQ content page (docs/api.md#content get-page-by-id, h3 titles and div answers) as an
 * accordion, from the local database: readable offline after one visit, pulled on open within
 * its lifetime. Links to the dictionaries (their back arrow leads here) and to support.
 */
export default function FaqPage() {
  const { variant } = useAppSession();
  const { hash } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const page = useContentPage(variant, String(CONTENT_PAGES.faq));
  const pull = usePullOnOpen(
    (env) => contentActions().then((m) => m.pullContentPage(env, 'faq', variant)),
    `${variant}:${attempt}`,
  );
  const safe = useSafeHtml();
  const body = useMemo(() => (page && safe ? parseFaqBody(page.bodyHtml, safe) : null), [page, safe]);

  let main;
  if (page === undefined || (page && !safe) || (!page && (pull === 'idle' || pull === 'running'))) {
    main = (
      <div className="faq-list" aria-label={T.loading}>
        <div className="faq-item__answer" style={{ paddingTop: 16 }}>
          <Skeleton lines={6} height={18} />
        </div>
      </div>
    );
  } else if (!page || !body) {
    const offline = pull === 'offline';
    const failed = pull === 'failed';
    main =
      offline || failed ? (
        <PullProblem offline={offline} copy={T} onRetry={() => setAttempt((a) => a + 1)} />
      ) : (
        <EmptyState icon="help" title={T.emptyTitle} text={T.emptyText} />
      );
  } else if (body.items.length === 0) {
    main = body.introHtml ? (
      <>
        <p className="t-small">{T.plainNotice}</p>
        <div className="panel rich-text" data-testid="faq-plain" dangerouslySetInnerHTML={{ __html: body.introHtml }} />
      </>
    ) : (
      <EmptyState icon="help" title={T.emptyTitle} text={T.emptyText} />
    );
  } else {
    main = (
      <>
        {body.introHtml && <div className="faq-intro rich-text" dangerouslySetInnerHTML={{ __html: body.introHtml }} />}
        <FaqAccordion key={variant} items={body.items} openId={hash ? decodeURIComponent(hash.slice(1)) : null} />
        <p className="faq-updated">{T.updated(formatDate(page.fetchedAt))}</p>
      </>
    );
  }

  return (
    <div className="stack-m faq" data-testid="screen-faq">
      {!body?.introHtml && <p className="page-intro">{T.lead}</p>}
      {main}
      <section className="faq-links" aria-labelledby="faq-vocabulary">
        <h2 id="faq-vocabulary" className="t-h3">
          {T.vocabularyTitle}
        </h2>
        <div className="list-group">
          {T.vocabulary.map((v) => (
            <ListRow key={v.to} icon="book" title={v.title} subtitle={v.subtitle} to={v.to} />
          ))}
        </div>
      </section>
      <section className="faq-help">
        <Icon name="support" size={28} />
        <span className="text-stack faq-help__text">
          <strong>{T.supportTitle}</strong>
          <span>{T.supportText}</span>
        </span>
        <ButtonLink to="/support" size="m">
          {T.support}
        </ButtonLink>
      </section>
    </div>
  );
}
