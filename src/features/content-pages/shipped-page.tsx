import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { TextBlock } from '../../domain/content/public-pages';
import { TextBlocks } from './text-blocks';
import '../../ui/panel.css';
import '../../ui/rich-text.css';
import './content-pages.css';

/** The stored page: the server's copy from the local database, the shipped text while there is none. */
export type StoredPage = LazyExoticComponent<ComponentType<{ placeholder: ReactNode }>>;

/**
 * A page a visitor reads before signing in. The first paint shows the text shipped with the app
 * (prerendered for a new visitor, no database code); once the app runs, `Stored` (loaded then)
 * shows the server's content page when stored, and the shipped text offline or until it comes.
 */
export function ShippedPage({
  blocks,
  lead,
  testId,
  Stored,
}: {
  blocks: readonly TextBlock[];
  lead: string;
  testId: string;
  Stored: StoredPage;
}) {
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  const shipped = <TextBlocks blocks={blocks} testId="content-shipped" />;
  const first = (
    <article className="stack-m content-page" data-testid={testId}>
      <p className="page-intro">{lead}</p>
      {shipped}
    </article>
  );
  if (!started) return first;
  return (
    <Suspense fallback={first}>
      <Stored placeholder={shipped} />
    </Suspense>
  );
}
