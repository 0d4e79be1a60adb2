import { describe, expect, it } from 'vitest';
import {
  duplicateNotice,
  mergeHistory,
  shownScanState,
  waitingSummary,
  type HistoryLine,
} from '../../../src/domain/scan/state';

describe('scan states (waiting, sent, credited with XP, refused with a reason)', () => {
  it('a waiting code reads as sent only while its entry is being sent', () => {
    expect(shownScanState('waiting', 'pending')).toBe('waiting');
    expect(shownScanState('waiting', 'sending')).toBe('sent');
    expect(shownScanState('waiting', null)).toBe('waiting');
    expect(shownScanState('credited', 'sending')).toBe('credited');
    expect(shownScanState('refused', 'failed')).toBe('refused');
  });

  it('tells the member where a repeated code stands', () => {
    expect(duplicateNotice({ state: 'waiting', xp: null, message: null })).toContain('чекає надсилання');
    expect(duplicateNotice({ state: 'credited', xp: 12, message: null })).toContain('+12 XP');
    expect(duplicateNotice({ state: 'credited', xp: null, message: null })).toContain('уже зараховано');
    expect(duplicateNotice({ state: 'refused', xp: null, message: 'Такого коду немає' })).toContain(
      'Такого коду немає',
    );
  });

  it('counts waiting codes in Ukrainian', () => {
    expect(waitingSummary(1)).toBe('1 код чекає надсилання');
    expect(waitingSummary(2)).toBe('2 коди чекають надсилання');
    expect(waitingSummary(5)).toBe('5 кодів чекають надсилання');
  });
});

describe('scan history merged with this phone’s codes', () => {
  const line = (code: string, at: number, state: HistoryLine['state'], xp: number | null = null): HistoryLine => ({
    code,
    at,
    state,
    xp,
    product: null,
    message: null,
    source: 'single',
  });

  it('one line per code, newest first; the server’s word wins for a code it lists', () => {
    const server = [line('a', 300, 'credited', 10), line('b', 100, 'credited', 12)];
    const local = [line('a', 290, 'waiting'), line('c', 400, 'waiting'), line('d', 200, 'refused')];
    expect(mergeHistory(server, local).map((l) => [l.code, l.state])).toEqual([
      ['c', 'waiting'],
      ['a', 'credited'],
      ['d', 'refused'],
      ['b', 'credited'],
    ]);
  });
});
