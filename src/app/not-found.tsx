import { useEffect } from 'react';
import { ButtonLink } from '../ui/button';
import { noteScreenShown } from './boot/first-screen';
import './not-found.css';

/** docs/rules.md#screens: the 404 page; `embedded` inside a layout (a route whose params failed, docs/rules.md#error-reactions). */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const Tag = embedded ? 'section' : 'main';
  useEffect(() => {
    document.title = 'Сторінку не знайдено';
    noteScreenShown();
  }, []);
  return (
    <Tag className={`not-found${embedded ? ' not-found--embedded' : ''}`}>
      <h1 className="not-found__code">404</h1>
      <p className="not-found__subtitle">Сторінку не знайдено</p>
      <p className="not-found__text">Схоже, з посиланням щось не так: такої сторінки немає або її перенесли.</p>
      <ButtonLink to="/" size="l">
        На головну
      </ButtonLink>
    </Tag>
  );
}

/** docs/rules.md#error-reactions: an unmatched route is a non-fatal 404, logged with its path. */
export function UnmatchedRoute({ path }: { path: string }) {
  useEffect(() => {
    console.warn(`Page not found: ${path}`);
  }, [path]);
  return <NotFoundPage />;
}
