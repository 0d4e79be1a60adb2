// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ReferralPage from '../../../../src/features/profile/referral-page';
import { type Reply } from '../../sync/support/fake-fetch';
import { withSyncRuntime } from '../shop/support';

const renderWithSync = withSyncRuntime();

// Five friends ordered (by the rules 5 × 250 + 100 = 1 350), but the ledger holds what was
// credited: Тарас's 300 under older rules on glo, Софія's 250 on ogo; Ірина's 250 is owed.
const referrals = {
  mgmCode: 'REW-ABC234',
  count: 4,
  ordered: 5,
  referrals: [
    {
      first_name: 'Марія',
      last_initial: 'Ш.',
      joined_at: '2026-02-20T10:00:00.000Z',
      first_order: false,
      xp: 0,
      pending_xp: 0,
    },
    {
      first_name: 'Ірина',
      last_initial: 'Б.',
      joined_at: '2026-02-18T10:00:00.000Z',
      first_order: true,
      xp: 0,
      pending_xp: 250,
    },
    {
      first_name: 'Софія',
      last_initial: 'О.',
      joined_at: '2026-02-15T10:00:00.000Z',
      first_order: true,
      xp: 250,
      pending_xp: 0,
    },
    {
      first_name: 'Тарас',
      last_initial: 'К.',
      joined_at: '2026-02-10T10:00:00.000Z',
      first_order: true,
      xp: 300,
      pending_xp: 0,
    },
  ],
  earned: { glo: 300, ogo: 250 },
  pending: 250,
};

function renderReferrals(online: boolean, reply: () => Reply) {
  return renderWithSync(
    <ReferralPage />,
    '/profile/referral',
    '/profile/referral',
    {
      '/api/user/get-referrals': reply,
      '/api/invite/get-rules': () => ({
        status: 200,
        body: { xpPerFriend: 250, milestones: [{ friends: 3, bonusXp: 100 }], maxFriendsPerYear: 20 },
      }),
    },
    online,
  );
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

  it('lists the friends with what each brought as the ledger holds it, and the earned figure is the ledger’s sum, never the rules’ formula', async () => {
    renderReferrals(true, () => ({ status: 200, body: referrals }));
    expect(await screen.findByText('+300 XP')).toBeTruthy();
    expect(screen.getAllByTestId('referral-badge').map((b) => b.textContent)).toEqual([
      'Ще без замовлень',
      '+250 XP після оплати',
      '+250 XP',
      '+300 XP',
    ]);
    expect(screen.getByTestId('referral-earned').textContent).toBe('550');
    expect(screen.getByTestId('referral-earned-split').textContent).toBe(
      '300 XP — на рахунку glo, 250 XP — на рахунку ogo',
    );
    expect(screen.getByTestId('referral-pending').textContent).toContain('+250 XP');
    expect(screen.getByTestId('referral-code').textContent).toBe('REW-ABC234');
  });

  it('an older server’s answer without the ledger’s figures claims no XP', async () => {
    const { earned: _e, pending: _p, ...older } = referrals;
    renderReferrals(true, () => ({
      status: 200,
      body: { ...older, referrals: older.referrals.map(({ xp: _x, pending_xp: _y, ...r }) => r) },
    }));
    expect(await screen.findAllByText('Замовлення без XP')).toHaveLength(3);
    expect(screen.getByTestId('referral-earned').textContent).toBe('—');
  });
});
