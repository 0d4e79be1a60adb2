// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kvGet, kvSet } from '../../../../src/db/kv';
import { FeedbackPrompt } from '../../../../src/features/feedback/feedback-prompt';
import { SyncProvider } from '../../../../src/state/sync-context';
import { webLock } from '../../../../src/sync/engine/lock';
import { manualOnline } from '../../../../src/sync/engine/online';
import { createSyncRuntime, type SyncRuntime } from '../../../../src/sync/runtime';
import { scriptedFetch } from '../../sync/support/fake-fetch';
import { api } from '../../sync/support/harness';
import { memoryLocks } from '../../sync/support/memory-locks';
import { db, signedIn } from '../shop/support';

let rt: SyncRuntime | null = null;
beforeEach(async () => {
  await signedIn('glo');
  const recent = new Date(Date.now() - 5 * 86_400_000).toISOString();
  await kvSet(db, 'feedbackFlags', {
    glo: { showCan: true, canFeedback: [{ id: 41, order_number: 10241, created_at: recent, total: 129_900 }] },
  });
});
afterEach(() => {
  rt?.stop();
  rt = null;
  cleanup();
});

function renderPrompt() {
  rt = createSyncRuntime({
    db,
    apiKey: 'k',
    baseUrl: '',
    fetch: scriptedFetch(api()).fetch,
    lock: webLock(memoryLocks().client('t')),
    online: manualOnline(true),
    pullers: [],
    logoutEnv: { clearCookie: () => undefined },
    triggerEnv: { setTimer: () => null, clearTimer: () => undefined },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <FeedbackPrompt /> },
      { path: '/feedback', element: <p data-testid="feedback-route">feedback</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <SyncProvider runtime={rt}>
      <RouterProvider router={router} />
    </SyncProvider>,
  );
  return router;
}

describe('the feedback popup (docs/rules.md#entities: showPopup): a recent order, asked about once', () => {
  it('asks about the recent order; «Не зараз» means it is not asked again', async () => {
    renderPrompt();
    expect(await screen.findByText('Як тобі замовлення №10241?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Не зараз' }));
    await waitFor(() => expect(screen.queryByTestId('feedback-prompt')).toBeNull());
    expect(await kvGet(db, 'feedbackPromptShown')).toEqual([41]);
    cleanup();
    renderPrompt();
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.queryByTestId('feedback-prompt')).toBeNull();
  });

  it('«Оцінити» opens /feedback on that order', async () => {
    const router = renderPrompt();
    fireEvent.click(await screen.findByTestId('feedback-prompt-rate'));
    await screen.findByTestId('feedback-route');
    expect(router.state.location.search).toBe('?order=41');
  });

  it('says nothing when the order already has feedback on this device', async () => {
    await db.feedback.put({
      id: 'x',
      variant: 'glo',
      orderId: 41,
      source: 'online',
      rating: 5,
      text: '',
      photoCount: 0,
      state: 'waiting',
      message: null,
      createdAt: Date.now(),
    });
    renderPrompt();
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.queryByTestId('feedback-prompt')).toBeNull();
    // The same screen asks once that feedback is gone (refused and cancelled, say).
    await act(() => db.feedback.clear());
    expect(await screen.findByTestId('feedback-prompt')).toBeTruthy();
  });
});
