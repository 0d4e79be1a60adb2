import { addDays, kyivParts } from '../format/kyiv-time';
import { compareCodeUnits, formatCalendarDay } from '../format/uk-format';

// The XP ledger of a variant, as a bank statement: every movement with its state,
// source and time, grouped by day, newest first, with the running balance where the server gave it.

/** Where XP came from or went. */
export type XpSource = 'scan' | 'device' | 'referral' | 'order' | 'quiz' | 'certificate' | 'other';

/** A movement an action of the member will make, as its mutation kind describes it (`xpMove`). */
export interface XpMove {
  /** Signed XP when known before the server answers (a certificate's price); null when the server decides (a scanned code). */
  amount: number | null;
  /** What it is, in the member's words: «Скан коду …28950e», «Сертифікат Rozetka на 500 грн». */
  what: string;
  source: XpSource;
}

/**
 * waiting: in the outbox, not sent yet; checking: on its way to the server; pending: owed by the
 * server but not credited yet (a friend's first order not paid or handed over); credited: in the
 * server's history; refused: the server said no (with why and what to do); reversed: a credit the
 * server took back.
 */
export type LedgerState = 'waiting' | 'checking' | 'pending' | 'credited' | 'refused' | 'reversed';

export interface LedgerLine {
  key: string;
  state: LedgerState;
  amount: number | null;
  what: string;
  source: XpSource;
  /** Epoch ms. */
  at: number;
  /** The balance right after it (server lines only). */
  balanceAfter: number | null;
  /** Refused: why, in the member's words, and where to put it right. */
  why?: string;
  fix?: { path: string; label: string };
  /** Refused for good: no later try can pass, so it offers no «Повторити». */
  final?: boolean;
  /** The outbox entry of a line not credited yet. */
  entryId?: string;
}

/** One line of get-bonus-history (docs/api.md#shop). */
export interface ServerXpLine {
  id: number;
  amount: number;
  balance_after: number;
  reason: string;
  title: string;
  created_at: string;
}

const SOURCES: readonly XpSource[] = ['scan', 'device', 'referral', 'order', 'quiz', 'certificate'];
/** Reasons that earn XP: a negative amount of one of them takes a credit back. */
const EARNING: ReadonlySet<string> = new Set(['scan', 'device', 'referral', 'quiz']);

export function sourceOf(reason: string): XpSource {
  const r = reason.replace(/[-_]?(reversal|reverse|cancel|refund)$/, '');
  return (SOURCES as readonly string[]).includes(r) ? (r as XpSource) : 'other';
}

/** A line of the server's history: credited, or reversed when it takes an earned credit back. */
export function serverLine(t: ServerXpLine): LedgerLine {
  const reversed = /(reversal|reverse|cancel|refund)$/.test(t.reason) || (t.amount < 0 && EARNING.has(t.reason));
  return {
    key: `tx:${t.id}`,
    state: reversed ? 'reversed' : 'credited',
    amount: t.amount,
    what: t.title,
    source: sourceOf(t.reason),
    at: Date.parse(t.created_at),
    balanceAfter: t.balance_after,
  };
}

/** A credit the server owes but has not made (get-bonus-history `pending`): its XP, not in any balance yet. */
export function pendingServerLine(p: Omit<ServerXpLine, 'balance_after'>): LedgerLine {
  return {
    key: `owed:${p.id}`,
    state: 'pending',
    amount: p.amount,
    what: p.title,
    source: sourceOf(p.reason),
    at: Date.parse(p.created_at),
    balanceAfter: null,
  };
}

export interface LedgerDay {
  /** 'YYYY-MM-DD', Kyiv time. */
  date: string;
  lines: LedgerLine[];
}

/** Not yet credited lines first within their day, then newest first; grouped by Kyiv day, newest day first. */
export function ledgerDays(lines: readonly LedgerLine[]): LedgerDay[] {
  const rank = (l: LedgerLine) => (l.state === 'credited' || l.state === 'reversed' ? 1 : 0);
  const sorted = [...lines].sort((a, b) => b.at - a.at || rank(a) - rank(b) || compareCodeUnits(a.key, b.key));
  const out: LedgerDay[] = [];
  for (const l of sorted) {
    const date = kyivParts(new Date(l.at)).date;
    const last = out[out.length - 1];
    if (last && last.date === date) last.lines.push(l);
    else out.push({ date, lines: [l] });
  }
  return out;
}

/** «Сьогодні», «Вчора» or «26 листопада» (the year when it is not this one). */
export function dayLabel(date: string, now: number): string {
  const today = kyivParts(new Date(now)).date;
  if (date === today) return 'Сьогодні';
  if (date === addDays(today, -1)) return 'Вчора';
  return formatCalendarDay(date, { year: date.slice(0, 4) !== today.slice(0, 4) });
}

/** Whether a line is XP still on its way: in the outbox, on its way to the server, or owed by it. */
export const isOpenLine = (l: Pick<LedgerLine, 'state'>): boolean =>
  l.state === 'waiting' || l.state === 'checking' || l.state === 'pending';

/** What is still on its way: XP whose amount is known, and how many movements the server will price. */
export function pendingSum(lines: readonly LedgerLine[]): { known: number; unpriced: number; count: number } {
  const open = lines.filter(isOpenLine);
  return {
    known: open.reduce((s, l) => s + (l.amount ?? 0), 0),
    unpriced: open.filter((l) => l.amount === null).length,
    count: open.length,
  };
}
