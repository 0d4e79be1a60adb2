import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { VocabularySection } from '../../contract/content';
import { useDoc } from '../../db/hooks';
import { byFirstLetter, searchTerms } from '../../domain/content/vocabulary-search';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import type { VocabularyDoc } from '../../sync/pullers/content-docs';
import { contentActions } from '../../sync/content/lazy';
import { Icon } from '../../ui/icons';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { PullProblem } from '../../ui/pull-problem';
import { VOCABULARY_COPY as T } from './copy';
import { SearchIcon } from './search-icon';
import './vocabulary.css';

const SECTION_OF: Record<string, VocabularySection> = {
  '/vocabulary': 'general',
  '/vocabulary/velo': 'velo',
  '/vocabulary/ogo-club': 'ogo-club',
};

/** The part of `text` that matches `query` marked, case aside. */
function marked(text: string, query: string): ReactNode {
  const q = query.trim().toLocaleLowerCase('uk');
  const at = q ? text.toLocaleLowerCase('uk').indexOf(q) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + q.length)}</mark>
      {text.slice(at + q.length)}
    </>
  );
}

/**
 * /vocabulary, /vocabulary/velo, /vocabulary/ogo-club (back to /faq): one section of the consumer
 * dictionary (docs/api.md#content vocabulary/get-terms) kept on the device, with a search box that works
 * offline over the stored terms.
 */
export default function VocabularyPage() {
  const { variant } = useAppSession();
  const section = SECTION_OF[useLocation().pathname.replace(/\/+$/, '')] ?? 'general';
  const [query, setQuery] = useState('');
  const [attempt, setAttempt] = useState(0);
  const doc = useDoc<VocabularyDoc>(variant, `vocabulary:${section}`);
  const pull = usePullOnOpen(
    (env) => contentActions().then((m) => m.pullVocabulary(env, variant, section)),
    `${variant}:${section}:${attempt}`,
  );
  const deferred = useDeferredValue(query);
  const terms = doc?.value.terms;
  const found = useMemo(() => (terms ? searchTerms(terms, deferred) : []), [terms, deferred]);
  const counts = new Map(doc?.value.sections.map((s) => [s.section, s.count]));

  let body: ReactNode;
  if (doc === undefined || (doc === null && (pull === 'idle' || pull === 'running'))) {
    body = (
      <div className="vocabulary-list" aria-label={T.loading} style={{ padding: 16 }}>
        <Skeleton lines={8} />
      </div>
    );
  } else if (doc === null) {
    const offline = pull === 'offline';
    body =
      offline || pull === 'failed' ? (
        <PullProblem offline={offline} copy={T} onRetry={() => setAttempt((a) => a + 1)} />
      ) : (
        <EmptyState icon="book" title={T.emptyTitle} text={T.emptyText} />
      );
  } else if (doc.value.terms.length === 0) {
    body = <EmptyState icon="book" title={T.emptyTitle} text={T.emptyText} />;
  } else if (found.length === 0) {
    body = <EmptyState icon="book" title={T.nothingTitle(deferred.trim())} text={T.nothingText} />;
  } else if (deferred.trim()) {
    body = (
      <>
        <p className="vocabulary-found" role="status">
          {T.found(found.length)}
        </p>
        <dl className="vocabulary-list" data-testid="vocabulary-terms">
          {found.map((t) => (
            <div key={t.id} className="vocabulary-term" data-testid="vocabulary-term">
              <dt>{marked(t.term, deferred)}</dt>
              <dd>{marked(t.definition, deferred)}</dd>
            </div>
          ))}
        </dl>
      </>
    );
  } else {
    body = (
      <div className="stack" data-testid="vocabulary-terms">
        {byFirstLetter(found).map((g) => (
          <section key={g.letter} className="vocabulary-group" aria-label={g.letter}>
            <h2 className="vocabulary-letter">{g.letter}</h2>
            <dl className="vocabulary-list">
              {g.terms.map((t) => (
                <div key={t.id} className="vocabulary-term" data-testid="vocabulary-term">
                  <dt>{t.term}</dt>
                  <dd>{t.definition}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    );
  }

  return (
    <div className="stack-m vocabulary" data-testid="screen-vocabulary">
      <nav className="chip-scroller vocabulary-tabs" aria-label="Словники">
        {T.sections.map((s) => (
          <NavLink
            key={s.section}
            to={s.to}
            end
            replace
            className={({ isActive }) => `pill vocabulary-tab${isActive ? ' is-active' : ''}`}
          >
            {s.label}
            {counts.has(s.section) && <span className="vocabulary-tab__count">{counts.get(s.section)}</span>}
          </NavLink>
        ))}
      </nav>
      <p className="page-intro">{T.leads[section]}</p>
      <div className="vocabulary-search" role="search">
        <SearchIcon size={20} className="vocabulary-search__icon" />
        <input
          type="search"
          aria-label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          enterKeyHint="search"
          autoComplete="off"
          data-testid="vocabulary-search"
        />
        {query && (
          <button type="button" className="vocabulary-search__clear" aria-label={T.clear} onClick={() => setQuery('')}>
            <Icon name="close" size={18} />
          </button>
        )}
      </div>
      {body}
    </div>
  );
}
