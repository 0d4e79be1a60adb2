import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  ledgerDays,
  pendingServerLine,
  pendingSum,
  serverLine,
  type LedgerLine,
} from '../../../src/domain/xp/ledger';

const tx = (id: number, amount: number, reason: string, at: string, after: number) => ({
  id,
  amount,
  balance_after: after,
  reason,
  title: `t${id}`,
  created_at: at,
});
const pending = (
  key: string,
  at: string,
  amount: number | null,
  state: LedgerLine['state'] = 'waiting',
): LedgerLine => ({ key, state, amount, what: key, source: 'scan', at: Date.parse(at), balanceAfter: null });

describe('the XP ledger', () => {
  it('server lines are credited, an earned credit taken back is reversed, spending is not', () => {
    expect(serverLine(tx(1, 30, 'scan', '2026-11-26T10:00:00Z', 130))).toMatchObject({
      state: 'credited',
      source: 'scan',
      balanceAfter: 130,
    });
    expect(serverLine(tx(2, -30, 'scan', '2026-11-26T11:00:00Z', 100))).toMatchObject({
      state: 'reversed',
      source: 'scan',
    });
    expect(serverLine(tx(3, 300, 'referral_reversal', '2026-11-26T11:00:00Z', 100))).toMatchObject({
      state: 'reversed',
      source: 'referral',
    });
    expect(serverLine(tx(4, -600, 'order', '2026-11-26T12:00:00Z', 0))).toMatchObject({
      state: 'credited',
      source: 'order',
    });
    expect(serverLine(tx(5, 5, 'bonus-day', '2026-11-26T12:00:00Z', 5)).source).toBe('other');
  });

  it('groups by Kyiv day, newest day and newest line first (a line just after midnight in Kyiv is the next day)', () => {
    const days = ledgerDays([
      serverLine(tx(1, 10, 'scan', '2026-11-25T21:30:00Z', 10)), // 23:30 Kyiv, the 25th
      serverLine(tx(2, 10, 'scan', '2026-11-25T22:30:00Z', 20)), // 00:30 Kyiv, the 26th
      pending('p', '2026-11-26T09:00:00Z', null),
    ]);
    expect(days.map((d) => [d.date, d.lines.map((l) => l.key)])).toEqual([
      ['2026-11-26', ['p', 'tx:2']],
      ['2026-11-25', ['tx:1']],
    ]);
  });

  it('labels today and yesterday by name', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(dayLabel('2026-11-26', now)).toBe('Сьогодні');
    expect(dayLabel('2026-11-25', now)).toBe('Вчора');
    expect(dayLabel('2026-11-20', now)).toContain('20');
    expect(dayLabel('2025-11-20', now)).toBe('20 листопада 2025 р.');
    expect(dayLabel('2026-11-20', now)).toBe('20 листопада');
  });

  it('what is on its way: known XP summed, unpriced ones counted, refused ones left out', () => {
    expect(
      pendingSum([
        pending('a', '2026-11-26T09:00:00Z', null),
        pending('b', '2026-11-26T09:00:00Z', -500, 'checking'),
        pending('c', '2026-11-26T09:00:00Z', 40, 'refused'),
      ]),
    ).toEqual({ known: -500, unpriced: 1, count: 2 });
    expect(pendingSum([])).toEqual({ known: 0, unpriced: 0, count: 0 });
  });

  it('a credit the server owes (a friend’s order not paid yet) is pending: on its way, in no balance', () => {
    const owed = pendingServerLine({
      id: 7,
      amount: 300,
      reason: 'referral',
      title: 'Запрошений друг Андрій зробив перше замовлення',
      created_at: '2026-11-26T08:00:00Z',
    });
    expect(owed).toMatchObject({
      key: 'owed:7',
      state: 'pending',
      amount: 300,
      source: 'referral',
      balanceAfter: null,
    });
    expect(pendingSum([owed, pending('a', '2026-11-26T09:00:00Z', null)])).toEqual({
      known: 300,
      unpriced: 1,
      count: 2,
    });
    // Within its day it comes before the credited lines, as other lines not credited yet do.
    const day = ledgerDays([serverLine(tx(1, 10, 'scan', '2026-11-26T08:00:00Z', 10)), owed])[0]!;
    expect(day.lines.map((l) => l.key)).toEqual(['owed:7', 'tx:1']);
  });
});
