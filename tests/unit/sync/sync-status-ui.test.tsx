import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FailedEntries } from '../../../src/features/sync-status/failed-entries';
import { SyncIndicator } from '../../../src/features/sync-status/sync-indicator';
import { ClubDb } from '../../../src/db/database';
import { kvSet } from '../../../src/db/kv';
import { webLock } from '../../../src/sync/lock';
import { trackEvent } from '../../../src/sync/mutations/analytics-event';
import { toggleFavourite } from '../../../src/sync/mutations/favourite-toggle';
import { manualOnline } from '../../../src/sync/online';
import { createSyncRuntime } from '../../../src/sync/runtime';
import { syncLabel } from '../../../src/sync/status';
import { scriptedFetch, type Reply } from './support/fake-fetch';
import { api, GLO, uniqueDbName } from './support/harness';
import { memoryLocks } from './support/memory-locks';

afterEach(cleanup);

async function runtime(reply: (req: Parameters<ReturnType<typeof api>>[0]) => Reply | Promise<Reply>, online = manualOnline(false)) {
  const db = new ClubDb(uniqueDbName('ui'));
  await kvSet(db, 'pwaToken', 't');
  const rt = createSyncRuntime({
    db,
    apiKey: 'k',
    baseUrl: '',
    fetch: scriptedFetch(reply).fetch,
    lock: webLock(memoryLocks().client('ui')),
    online,
    pullers: [],
    logoutEnv: { clearCookie: () => undefined },
    triggerEnv: { setTimer: () => null, clearTimer: () => undefined },
  });
  return { rt, db, online };
}

describe('sync indicator copy', () => {
  it('says «Офлайн», «Надсилаю…» or how many changes wait, in Ukrainian plural', () => {
    expect(syncLabel({ kind: 'offline', waiting: 2 })).toBe('Офлайн');
    expect(syncLabel({ kind: 'sending', waiting: 2 })).toBe('Надсилаю…');
    expect(syncLabel({ kind: 'waiting', waiting: 1 })).toBe('1 зміна очікує');
    expect(syncLabel({ kind: 'waiting', waiting: 3 })).toBe('3 зміни очікують');
    expect(syncLabel({ kind: 'waiting', waiting: 5 })).toBe('5 змін очікують');
    expect(syncLabel({ kind: 'waiting', waiting: 21 })).toBe('21 зміна очікує');
    expect(syncLabel({ kind: 'idle' })).toBeNull();
  });
});

describe('<SyncIndicator>', () => {
  it('shows «Офлайн», then the waiting count, then «Надсилаю…», then nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let failing = true;
    const { rt, db, online } = await runtime(async (req) => {
      if (failing) return 'network-error';
      await gate;
      return api()(req);
    });
    await trackEvent(db, GLO, { event: 'a', pageUrl: '/' });
    await trackEvent(db, GLO, { event: 'b', pageUrl: '/' });
    render(<SyncIndicator runtime={rt} />);
    expect(await screen.findByText('Офлайн')).toBeDefined();

    await act(async () => {
      online.set(true);
      await rt.outbox.replay();
    });
    expect(await screen.findByText('2 зміни очікують')).toBeDefined();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Надіслати зараз' }));
    expect(await screen.findByText('Надсилаю…')).toBeDefined();
    release();
    await act(async () => {
      await rt.outbox.replay();
    });
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    rt.stop();
  });
});

describe('<FailedEntries>', () => {
  it('lists refused changes with their reason; «Скасувати» drops one, «Повторити» sends it again', async () => {
    let refuse = true;
    const { rt, db } = await runtime(
      api({
        '/api/user/create-metafields': (_r, b) =>
          refuse ? { status: 403, body: { error: { code: 'not_owner', message: 'Це не твій обліковий запис' } } } : { status: 200, body: { metafield: { id: 1, namespace: 'pwa', key: 'favorites', value: b.value, type: 'json' } } },
      }),
    );
    await toggleFavourite(db, GLO, 1);
    await toggleFavourite(db, GLO, 2);
    await act(async () => {
      await rt.outbox.replay();
    });
    render(<FailedEntries runtime={rt} />);
    expect(await screen.findAllByText('Зміна обраного')).toHaveLength(2);
    expect(screen.getAllByText('Це не твій обліковий запис')).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('button', { name: 'Скасувати' })[0]!);
    await vi.waitFor(() => expect(screen.getAllByText('Зміна обраного')).toHaveLength(1));

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторити' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await vi.waitFor(() => expect(screen.queryByText('Зміна обраного')).toBeNull());
    expect(await db.favourites.get(['glo', 2])).toBeDefined();
    rt.stop();
  });
});
