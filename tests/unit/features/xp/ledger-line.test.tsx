// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerLine } from '../../../../src/domain/xp/ledger';
import { LedgerLineItem } from '../../../../src/features/xp/ledger-line';

afterEach(cleanup);

const refused = (over: Partial<LedgerLine>): LedgerLine => ({
  key: 'entry:e',
  state: 'refused',
  amount: null,
  what: 'Скан коду …c0de',
  source: 'scan',
  at: Date.parse('2026-11-26T10:00:00Z'),
  balanceAfter: null,
  why: 'Такого коду немає. Перевір, чи правильно він зчитався.',
  entryId: 'e',
  ...over,
});

function show(line: LedgerLine) {
  render(
    <MemoryRouter>
      <ul>
        <LedgerLineItem line={line} onRetry={() => undefined} onRemove={() => undefined} />
      </ul>
    </MemoryRouter>,
  );
}

describe('a refused line of the XP ledger', () => {
  it('refused for good: «Прибрати» only, and no «0» where no XP was ever known', () => {
    show(refused({ final: true }));
    expect(screen.queryByRole('button', { name: 'Повторити' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Прибрати' })).toBeDefined();
    expect(screen.queryByTestId('xp-line-amount')).toBeNull();
  });

  it('one a later try can pass offers «Повторити»', () => {
    show(refused({ source: 'device', what: 'Реєстрація пристрою GLO00000042', final: false }));
    expect(screen.getByRole('button', { name: 'Повторити' })).toBeDefined();
  });

  it('a waiting scan shows «+?» until the server prices it', () => {
    show(refused({ state: 'waiting', why: undefined }));
    expect(screen.getByTestId('xp-line-amount').textContent).toBe('+?');
  });
});
