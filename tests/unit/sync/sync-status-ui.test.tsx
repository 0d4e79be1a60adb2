// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenMarkup } from '../../../src/app/snapshot/capture';
import { SyncIndicator } from '../../../src/features/sync-status/sync-indicator';
import { ClubDb } from '../../../src/db/database';
import { kvSet } from '../../../src/db/kv';
import { webLock } from '../../../src/sync/engine/lock';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import { toggleFavourite } from '../../../src/sync/mutations/shop/favourite-toggle';
import { manualOnline } from '../../../src/sync/engine/online';
import { createSyncRuntime } from '../../../src/sync/runtime';
import { memberReason, syncLabel, syncState } from '../../../src/sync/engine/status';
import { saveDeliveryAddress } from '../../../src/sync/mutations/member/profile-metafield';
import { saveScanCode } from '../../../src/sync/mutations/scan/code';
import { toasts } from '../../../src/ui/toast-store';
import { MemoryRouter } from 'react-router';
import { scriptedFetch, type Reply } from './support/fake-fetch';
import { api, GLO, outboxEntry, uniqueDbName } from './support/harness';
import { memoryLocks } from './support/memory-locks';

afterEach(cleanup);

async function runtime(
  reply: (req: Parameters<ReturnType<typeof api>>[0]) => Reply | Promise<Reply>,
  online = manualOnline(false),
) {
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
  const now = 1_000_000;
  it('says what waits offline, what is being sent, when the next try is, and what failed, in Ukrainian plural', () => {
    expect(syncLabel({ kind: 'offline', waiting: 0, failed: 0 }, now)).toBe('Офлайн');
    expect(syncLabel({ kind: 'offline', waiting: 3, failed: 0 }, now)).toBe('Офлайн · 3 зміни чекають на зв’язок');
    expect(syncLabel({ kind: 'offline', waiting: 0, failed: 1 }, now)).toBe('Офлайн · 1 зміну не збережено');
    expect(syncLabel({ kind: 'sending', waiting: 2, failed: 0 }, now)).toBe('Надсилаю 2 зміни…');
    expect(
      syncLabel(
        { kind: 'retrying', waiting: 5, failed: 0, nextAt: now + 40_000, reason: 'Сервер тимчасово недоступний.' },
        now,
      ),
    ).toBe('5 змін не надіслано: сервер тимчасово недоступний · спроба за 40 с');
    expect(
      syncLabel(
        { kind: 'retrying', waiting: 1, failed: 0, nextAt: now + 150_000, reason: 'Немає зв’язку з сервером.' },
        now,
      ),
    ).toBe('1 зміна не надіслана: немає зв’язку з сервером · спроба за 3 хв');
    expect(syncLabel({ kind: 'waiting', waiting: 1, failed: 0 }, now)).toBe('1 зміна очікує');
    expect(syncLabel({ kind: 'waiting', waiting: 21, failed: 0 }, now)).toBe('21 зміна очікує');
    expect(syncLabel({ kind: 'failed', waiting: 0, failed: 2 }, now)).toBe('2 зміни не збережено');
    // A refusal never hides behind what waits: both counts.
    expect(syncLabel({ kind: 'offline', waiting: 1, failed: 1 }, now)).toBe(
      'Офлайн · 1 зміна чекає на зв’язок · 1 зміну не збережено',
    );
    expect(syncLabel({ kind: 'sending', waiting: 2, failed: 3 }, now)).toBe('Надсилаю 2 зміни… · 3 зміни не збережено');
    expect(syncLabel({ kind: 'waiting', waiting: 1, failed: 5 }, now)).toBe('1 зміна очікує · 5 змін не збережено');
    expect(
      syncLabel(
        { kind: 'retrying', waiting: 1, failed: 1, nextAt: now + 40_000, reason: 'Немає зв’язку з сервером.' },
        now,
      ),
    ).toBe('1 зміна не надіслана: немає зв’язку з сервером · спроба за 40 с · 1 зміну не збережено');
    expect(syncLabel({ kind: 'idle', waiting: 0, failed: 0 }, now)).toBeNull();
  });

  it('a failed head in backoff is "retrying" with its reason; failed entries never count as waiting', () => {
    const err = { status: 503, code: 'unavailable', message: 'Сервер недоступний', at: 0 };
    expect(
      syncState({
        online: true,
        replaying: false,
        now,
        entries: [outboxEntry({ attempts: 2, lastError: err, nextAttemptAt: now + 5000 })],
      }),
    ).toEqual({ kind: 'retrying', waiting: 1, failed: 0, nextAt: now + 5000, reason: 'Сервер тимчасово недоступний.' });
    expect(
      syncState({ online: true, replaying: false, now, entries: [outboxEntry({ state: 'failed', lastError: err })] }),
    ).toEqual({ kind: 'failed', waiting: 0, failed: 1 });
    expect(
      syncState({
        online: false,
        replaying: false,
        now,
        entries: [outboxEntry({}), outboxEntry({ id: 'y', seq: 2, state: 'failed' })],
      }),
    ).toEqual({ kind: 'offline', waiting: 1, failed: 1 });
  });

  it('the reason is the member’s, never a developer’s', () => {
    expect(
      memberReason({
        status: 0,
        code: 'invalid_request',
        message: 'Некоректні дані запиту: /api/user/create-metafields Invalid input',
        at: 0,
      }),
    ).toBe('Дані не пройшли перевірку: щось задовге або в неправильному форматі.');
    expect(
      memberReason({ status: 400, code: 'invalid_body', message: 'Некоректні дані: поле «value»: …', at: 0 }),
    ).toMatch(/^Сервер не прийняв/);
    expect(memberReason({ status: 409, code: 'already_scanned', message: 'Цей код уже відскановано', at: 0 })).toBe(
      'Цей код уже відскановано.',
    );
    // 404 and 403 say the server's own reason when it gave one, the general words when it did not.
    expect(
      memberReason({
        status: 404,
        code: 'device_unknown',
        message: 'Такого серійного номера немає в реєстрі виробника',
        at: 0,
      }),
    ).toBe('Такого серійного номера немає в реєстрі виробника.');
    expect(memberReason({ status: 404, code: 'not_found', message: 'Не знайдено', at: 0 })).toBe(
      'Цього вже немає на сервері.',
    );
    expect(memberReason({ status: 403, code: 'forbidden', message: 'Forbidden', at: 0 })).toBe(
      'Цей запис належить іншому обліковому запису.',
    );
    // The GUID texts (docs/rules.md#error-reactions: English, verbatim from the API) in Ukrainian.
    expect(
      memberReason({
        status: 400,
        code: 'invalid_guid',
        message: 'Invalid Guid value! Please specify a valid value!',
        at: 0,
      }),
    ).toMatch(/^Код клубу — 32 латинські/);
  });
});

describe('<SyncIndicator>', () => {
  it('shows the waiting count offline, the next try and its reason after a failure, «Надсилаю…», then nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let failing = true;
    const { rt, db, online } = await runtime(async (req) => {
      if (failing) return 'network-error';
      await gate;
      return api()(req);
    });
    await toggleFavourite(db, GLO, 1);
    await toggleFavourite(db, GLO, 2);
    // The app's own reports are sent quietly: not counted as the member's changes.
    await trackEvent(db, GLO, { event: 'quiet', pageUrl: '/' });
    render(
      <MemoryRouter>
        <SyncIndicator runtime={rt} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Офлайн · 2 зміни чекають на зв’язок')).toBeDefined();
    // A member's kept copy of the screen never holds it: what waited then says nothing of now.
    const shell = document.createElement('div');
    shell.innerHTML = `<div class="layout__status">${screen.getByTestId('sync-indicator').outerHTML}</div><main><p>Стіки</p></main>`;
    expect(screenMarkup(shell)).toContain('Стіки');
    expect(screenMarkup(shell)).not.toContain('Офлайн');

    await act(async () => {
      online.set(true);
      await rt.outbox.replay();
    });
    expect(await screen.findByText(/^2 зміни не надіслані: немає зв’язку з сервером · спроба за \d+ с$/)).toBeDefined();
    fireEvent.click(screen.getByTestId('sync-indicator'));
    expect(await screen.findByTestId('sync-panel')).toBeDefined();
    expect(screen.getByTestId('sync-retry').textContent).toMatch(
      /Остання спроба не вдалася: Немає зв’язку з сервером\. Наступна спроба за \d+ с\./,
    );

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Надіслати зараз' }));
    expect(await screen.findByText('Надсилаю 2 зміни…')).toBeDefined();
    release();
    await act(async () => {
      await rt.outbox.replay();
    });
    await vi.waitFor(() => expect(screen.queryByTestId('sync-indicator')).toBeNull(), { timeout: 5000 });
    expect(screen.getByText('Усе надіслано.')).toBeDefined();
    rt.stop();
  });
});

describe('refusals: announced once, explained, fixed or dismissed', () => {
  it('a refused address is announced once in a toast naming it and why; the panel offers to fix it; «Прибрати» and, where a later try can pass, «Повторити» work', async () => {
    let refuse = true;
    // The address's body is refused for good (400); the favourite for now (the list is full, 422).
    const refusal = (key: string): Reply =>
      key === 'favorites'
        ? {
            status: 422,
            body: { error: { code: 'too_many_favourites', message: 'В обраному може бути не більше 100 товарів' } },
          }
        : { status: 400, body: { error: { code: 'invalid_body', message: 'Некоректні дані: поле «value»' } } };
    const { rt, db } = await runtime(
      api({
        '/api/user/create-metafields': (_r, b) =>
          refuse
            ? refusal(String(b.key))
            : {
                status: 200,
                body: {
                  metafield: {
                    id: 1,
                    namespace: 'pwa',
                    key: String(b.key),
                    value: String(b.value),
                    type: 'json',
                    revision: 1,
                  },
                },
              },
      }),
      manualOnline(true),
    );
    const shown: string[] = [];
    const unsubscribe = toasts.subscribe((list) => list.forEach((t) => !shown.includes(t.text) && shown.push(t.text)));
    await saveDeliveryAddress(db, [GLO], { method: 1, city: 'Київ', branch: 'Відділення №12' });
    await toggleFavourite(db, GLO, 2);
    await act(async () => {
      await rt.outbox.replay();
    });
    render(
      <MemoryRouter>
        <SyncIndicator runtime={rt} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('2 зміни не збережено')).toBeDefined();
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[0]).toBe(
      'Не збережено — Адреса доставки: Київ, Відділення №12. Сервер не прийняв ці дані: щось задовге або в неправильному форматі.',
    );
    await vi.waitFor(async () => expect((await db.outbox.toArray()).every((e) => e.noticed)).toBe(true));
    // Announced once: a new render announces nothing more.
    cleanup();
    render(
      <MemoryRouter>
        <SyncIndicator runtime={rt} />
      </MemoryRouter>,
    );
    await screen.findByText('2 зміни не збережено');
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toHaveLength(2);

    fireEvent.click(screen.getByTestId('sync-indicator'));
    const items = await screen.findAllByTestId('sync-failed-item');
    expect(items).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Виправити в профілі' }).getAttribute('href')).toBe('/profile');
    // The address's refusal cannot pass later: no «Повторити» for it, only for the favourite.
    expect(items.map((i) => i.textContent?.includes('Повторити'))).toEqual([false, true]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Прибрати' })[0]!);
    await vi.waitFor(() => expect(screen.getAllByTestId('sync-failed-item')).toHaveLength(1));
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторити' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.favourites.get(['glo', 2])).toBeDefined();
    unsubscribe();
    rt.stop();
  });

  it('a screen that shows the refusal on its line is answer enough: no toast there; elsewhere the toast is that screen’s', async () => {
    const { rt, db } = await runtime(
      api({
        '/api/scan/scan-code': () => ({
          status: 404,
          body: { error: { code: 'code_not_found', message: 'Такого коду немає. Перевір, чи правильно він зчитався' } },
        }),
      }),
      manualOnline(true),
    );
    const shown: Array<{ text: string; screen?: string }> = [];
    // Only this test's: the app's toast store may still hold an earlier test's.
    const unsubscribe = toasts.subscribe((list) =>
      list.forEach(
        (t) =>
          t.text.includes('Скан коду') &&
          !shown.some((x) => x.text === t.text) &&
          shown.push({ text: t.text, screen: t.screen }),
      ),
    );
    const refuse = async (code: string, path: string) => {
      await saveScanCode(db, GLO, code, 'manual');
      await act(async () => {
        await rt.outbox.replay();
      });
      render(
        <MemoryRouter initialEntries={[path]}>
          <SyncIndicator runtime={rt} />
        </MemoryRouter>,
      );
      await vi.waitFor(async () => expect((await db.outbox.toArray()).every((e) => e.noticed)).toBe(true));
      cleanup();
    };
    // The XP ledger lists the refused scan on its own line.
    await refuse('0000dead-beef-4000-8000-00000000c0de', '/history-bonuses');
    expect(shown).toEqual([]);
    await refuse('0000dead-beef-4000-8000-00000000c0df', '/profile');
    expect(shown).toEqual([{ text: expect.stringContaining('Такого коду немає') as string, screen: '/profile' }]);
    unsubscribe();
    rt.stop();
  });
});
