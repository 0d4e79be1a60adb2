import { pluralUk } from '../format/plural';
import { compareCodeUnits } from '../format/uk-format';

/**
 * Where a scanned code stands: waiting in the outbox, sent (its request on the way),
 * credited with its XP, or refused with the server's reason. `sent` is never stored: it is read
 * from the outbox entry while the request is out, so a dropped request is simply waiting again.
 */
export type ScanState = 'waiting' | 'sent' | 'credited' | 'refused';
export type StoredScanState = Exclude<ScanState, 'sent'>;

/** The state to show: a waiting code whose entry is being sent reads as sent. */
export function shownScanState(
  stored: StoredScanState,
  entryState: 'pending' | 'sending' | 'failed' | null | undefined,
): ScanState {
  return stored === 'waiting' && entryState === 'sending' ? 'sent' : stored;
}

/** Labels of the states, as chips in the lists. */
export const SCAN_STATE_LABELS: Record<ScanState, string> = {
  waiting: 'Очікує надсилання',
  sent: 'Надсилається',
  credited: 'Зараховано',
  refused: 'Відхилено',
};

/** What the member knows of a code already: a scan on this device, or a line of the server's history. */
export interface KnownScan {
  state: StoredScanState;
  xp: number | null;
  message: string | null;
}

/**
 * The same code twice is sent once: a code this device holds, or the server's history
 * lists, is not queued again and the member is told where it stands.
 */
export function duplicateNotice(known: KnownScan): string {
  switch (known.state) {
    case 'waiting':
      return 'Цей код уже відскановано: він чекає надсилання й буде зарахований, щойно з’явиться зв’язок';
    case 'credited':
      return known.xp
        ? `Цей код уже зараховано: +${known.xp} XP. Один код дає XP лише раз`
        : 'Цей код уже зараховано. Один код дає XP лише раз';
    case 'refused':
      return known.message
        ? `Цей код уже перевірено й відхилено: ${known.message}`
        : 'Цей код уже перевірено й відхилено';
  }
}

/** «2 коди чекають надсилання». */
export function waitingSummary(n: number): string {
  return `${n} ${pluralUk(n, ['код', 'коди', 'кодів'])} ${n === 1 ? 'чекає' : 'чекають'} надсилання`;
}

/** Newest first, then by code so equal times keep one order. */
export function byNewest<T extends { at: number; code: string }>(a: T, b: T): number {
  return b.at - a.at || compareCodeUnits(a.code, b.code);
}

/** One line of the merged scan history: the server's page lines and this device's own scans. */
export interface HistoryLine {
  code: string;
  at: number;
  state: ScanState;
  xp: number | null;
  product: string | null;
  message: string | null;
  source: 'single' | 'multi';
}

/**
 * The scan history as the member sees it (get-history pages merged with the local
 * states, newest first): a code the server lists is credited whatever this device still shows;
 * a code only this device knows (waiting, refused, or credited but not yet on a pulled page)
 * keeps its local state. One line per code.
 */
export function mergeHistory(server: readonly HistoryLine[], local: readonly HistoryLine[]): HistoryLine[] {
  const byCode = new Map<string, HistoryLine>();
  for (const l of local) byCode.set(l.code, l);
  for (const s of server) byCode.set(s.code, s);
  return [...byCode.values()].sort(byNewest);
}
