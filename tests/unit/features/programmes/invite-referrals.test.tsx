import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ReferralPage from '../../../../src/features/profile/referral-page';
import { SyncProvider } from '../../../../src/state/sync-context';
import type { SyncRuntime } from '../../../../src/sync/runtime';
import { scriptedFetch, type Reply } from '../../sync/support/fake-fetch';
import { api } from '../../sync/support/harness';
import { testRuntime } from '../../sync/support/test-runtime';
import { db, signedIn } from '../shop/support';

let rt: SyncRuntime | null = null;
beforeEach(() => signedIn('glo'));
afterEach(() => {
  rt?.stop();
  rt = null;
  cleanup();
});

const referrals = {
  mgmCode: 'REW-ABC234',
  count: 2,
  ordered: 1,
  referrals: [
    { first_name: 'Марія', last_initial: 'Ш.', joined_at: '2026-02-20T10:00:00.000Z', first_order: false },
    { first_name: 'Тарас', last_initial: 'К.', joined_at: '2026-02-10T10:00:00.000Z', first_order: true },
  ],
};

function renderReferrals(online: boolean, reply: () => Reply) {
  const net = scriptedFetch(api({ '/api/user/get-referrals': reply, '/api/invite/get-rules': () => ({ status: 200, body: { xpPerFriend: 250, milestones: [{ friends: 3, bonusXp: 100 }], maxFriendsPerYear: 20 } }) }));
  rt = testRuntime(db, net.fetch, online);
  const router = createMemoryRouter([{ path: '/profile/referral', element: <ReferralPage /> }], { initialEntries: ['/profile/referral'] });
  render(
    <SyncProvider runtime={rt}>
      <RouterProvider router={router} />
    </SyncProvider>,
  );
  return net.seen;
}

describe('/profile/referral (invite programme: the referrals list and what each brought)', () => {
  it('after a failed pull while online says it failed, with a retry — never "offline"', async () => {
    renderReferrals(true, () => ({ status: 503, body: { error: { code: 'down', message: 'Сервер недоступний' } } }));
    expect(await screen.findByText('Не вдалося завантажити список друзів.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeTruthy();
    expect(screen.queryByText(/з’явиться зв’язок/)).toBeNull();
  });

  it('offline with nothing stored says so', async () => {
    const seen = renderReferrals(false, () => ({ status: 200, body: referrals }));
    expect(await screen.findByText('Список друзів завантажиться, щойно з’явиться зв’язок.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('lists the friends with what each brought by the server’s rules', async () => {
    renderReferrals(true, () => ({ status: 200, body: referrals }));
    expect(await screen.findByText('+250 XP')).toBeTruthy();
    expect(screen.getByText('Ще без замовлень')).toBeTruthy();
    expect(screen.getByTestId('referral-earned').textContent).toBe('250');
    expect(screen.getByTestId('referral-code').textContent).toBe('REW-ABC234');
  });
});
