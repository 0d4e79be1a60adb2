import type { Reply } from './fake-fetch';

/** scan-code's answer when `code` is credited: `xp` added, the balance now `balance`, the first code of the month. */
export const awarded = (code: string, xp: number, balance: number): Reply => ({
  status: 200,
  body: {
    status: 'awarded',
    xp,
    balance,
    monthCount: 1,
    item: {
      id: 9,
      uuid: code,
      date: '2026-11-26T10:00:00.000Z',
      xp,
      product: 'Стіки neo™ Ruby Boost',
      variant: 'glo',
      source: 'single',
    },
  },
});
