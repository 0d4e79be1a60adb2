import { act, cleanup, configure, render, type RenderResult } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { db } from '../../../../src/db/db';
import { kvSet } from '../../../../src/db/kv';
import { resetAllStores } from '../../../../src/db/reset';
import type { CollectionRow, ProductRow } from '../../../../src/db/rows-catalogue';
import { categoryBySlug } from '../../../../src/domain/catalogue/catalogue';
import { SyncProvider } from '../../../../src/state/sync-context';
import type { SyncRuntime } from '../../../../src/sync/runtime';
import { toasts } from '../../../../src/ui/toast-store';
import { scriptedFetch } from '../../sync/support/fake-fetch';
import { api } from '../../sync/support/harness';
import { testRuntime } from '../../sync/support/test-runtime';
import { productRow } from '../../sync/support/shop-fixtures';

export { db, productRow };

// Live queries settle in a few ms, but the test machine is shared: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

/** A signed-in member (glo 101, ogo 202) on `variant`, with an empty local database. */
export async function signedIn(variant: 'glo' | 'ogo' = 'glo'): Promise<void> {
  await resetAllStores(db);
  for (const t of toasts.list()) toasts.dismiss(t.id);
  document.cookie = 'usertoken=test; path=/';
  await kvSet(db, 'pwaToken', 'member-token');
  await kvSet(db, 'customerIds', { glo: 101, ogo: 202 });
  await kvSet(db, 'variant', variant);
}

/** Stores a category's list the way the catalogue puller does (collection row + product rows). */
export async function storeList(slug: string, products: ProductRow[], fetchedAt = Date.now()): Promise<void> {
  const c = categoryBySlug(slug)!;
  const row: CollectionRow = {
    variant: c.variant,
    id: c.collectionId,
    category: slug,
    title: c.title,
    products,
    fetchedAt,
  };
  await act(async () => {
    await db.collections.put(row);
    await db.products.bulkPut(products);
  });
}

/** Renders a page module at `path` under its route pattern, with the other paths it links to. */
export function renderPage(
  Page: ComponentType,
  pattern: string,
  path: string,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <Page /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

export const outboxKinds = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => e.kind);

/** Text with the non-breaking spaces of Ukrainian number formatting as plain spaces. */
export const textOf = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');

/**
 * For a file whose pages run with a real sync runtime over the app's database: a glo member signed
 * in before each test, the runtime stopped and the page unmounted after it. Returns the renderer:
 * `element` at `path` (route `pattern`) over a server scripted by `routes`; it answers what was asked.
 */
export function withSyncRuntime() {
  let rt: SyncRuntime | null = null;
  beforeEach(() => signedIn('glo'));
  afterEach(() => {
    rt?.stop();
    rt = null;
    cleanup();
  });
  return function renderWithSync(
    element: ReactElement,
    pattern: string,
    path: string,
    routes: Parameters<typeof api>[0],
    online = true,
  ) {
    const net = scriptedFetch(api(routes));
    rt?.stop(); // a test that renders again starts over with a runtime of its own
    rt = testRuntime(db, net.fetch, online);
    const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
    render(
      <SyncProvider runtime={rt}>
        <RouterProvider router={router} />
      </SyncProvider>,
    );
    return net.seen;
  };
}
