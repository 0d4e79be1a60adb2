import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SyncProvider } from '../../../../src/state/sync-context';
import { webLock } from '../../../../src/sync/engine/lock';
import { manualOnline } from '../../../../src/sync/engine/online';
import { createSyncRuntime, type SyncRuntime } from '../../../../src/sync/runtime';
import { scriptedFetch, type Reply, type SeenRequest } from '../../sync/support/fake-fetch';
import { api } from '../../sync/support/harness';
import { memoryLocks } from '../../sync/support/memory-locks';
import { db } from '../shop/support';

export { db, signedIn } from '../shop/support';

type Handler = (req: SeenRequest, body: Record<string, unknown>) => Reply | Promise<Reply>;

/**
 * A content screen at `path` (route `pattern`) over the app's database, with a real sync runtime
 * and a scripted server; `online` false cuts the network. Other paths render a marker.
 */
export function renderScreen(
  Page: ComponentType,
  pattern: string,
  path: string,
  opts: { handlers?: Record<string, Handler>; online?: boolean } = {},
) {
  const net = scriptedFetch(api(opts.handlers ?? {}));
  const online = manualOnline(opts.online ?? true);
  const rt: SyncRuntime = createSyncRuntime({
    db,
    apiKey: 'k',
    baseUrl: '',
    fetch: net.fetch,
    lock: webLock(memoryLocks().client('t')),
    online,
    pullers: [],
    logoutEnv: { clearCookie: () => undefined },
    triggerEnv: { setTimer: () => null, clearTimer: () => undefined },
  });
  const router = createMemoryRouter(
    [
      { path: pattern, element: <Page /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <SyncProvider runtime={rt}>
      <RouterProvider router={router} />
    </SyncProvider>,
  );
  return { ...view, rt, router, seen: net.seen, online };
}

/** The server's FAQ page answer. */
export const faqAnswer =
  (html: string) =>
  (_r: SeenRequest, b: Record<string, unknown>): Reply => ({
    status: 200,
    body: { id: b.id, title: 'Часті питання', body_html: html },
  });
