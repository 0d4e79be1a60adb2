import type { OutboxEntry, OutboxError } from '../../db/rows-sync';
import { guidReason } from '../../domain/scan/guid';
import { formatTime } from '../../domain/format/uk-format';
import { pluralUk } from '../../domain/format/plural';

/** What the sync indicator says, most pressing first. */
export type SyncState =
  /** No network: `waiting` changes wait for it. */
  | { kind: 'offline'; waiting: number; failed: number }
  /** This device is sending now. */
  | { kind: 'sending'; waiting: number; failed: number }
  /** The last attempt failed (no answer, the server down): the next one at `nextAt`, for `reason`. */
  | { kind: 'retrying'; waiting: number; failed: number; nextAt: number; reason: string }
  /** Changes wait for their turn (just queued, or another tab is sending). */
  | { kind: 'waiting'; waiting: number; failed: number }
  /** Nothing waits, but the server refused some changes for good. */
  | { kind: 'failed'; waiting: 0; failed: number }
  | { kind: 'idle'; waiting: 0; failed: 0 };

/** The entry the queue waits on: the first one not refused. */
export function headOf(entries: readonly OutboxEntry[]): OutboxEntry | null {
  let head: OutboxEntry | null = null;
  for (const e of entries) if (e.state !== 'failed' && (!head || e.seq < head.seq)) head = e;
  return head;
}

/** Derives the indicator's state: offline wins, then an active replay, then a failing head, then the rest. */
export function syncState(input: {
  online: boolean;
  replaying: boolean;
  entries: readonly OutboxEntry[];
  now: number;
}): SyncState {
  const failed = input.entries.filter((e) => e.state === 'failed').length;
  const waiting = input.entries.length - failed;
  if (!input.online) return { kind: 'offline', waiting, failed };
  if (waiting === 0) return failed ? { kind: 'failed', waiting: 0, failed } : { kind: 'idle', waiting: 0, failed: 0 };
  if (input.replaying || input.entries.some((e) => e.state === 'sending')) return { kind: 'sending', waiting, failed };
  const head = headOf(input.entries);
  if (head && head.attempts > 0 && head.lastError && head.nextAttemptAt > input.now) {
    return { kind: 'retrying', waiting, failed, nextAt: head.nextAttemptAt, reason: memberReason(head.lastError) };
  }
  return { kind: 'waiting', waiting, failed };
}

const changes = (n: number) => `${n} ${pluralUk(n, ['зміна', 'зміни', 'змін'])}`;
const changesAcc = (n: number) => `${n} ${pluralUk(n, ['зміну', 'зміни', 'змін'])}`;

/** «: сервер тимчасово недоступний», the reason as part of the indicator's line. */
function because(reason: string): string {
  const r = reason.trim().replace(/[.!]$/, '');
  return r ? `: ${r.charAt(0).toLowerCase()}${r.slice(1)}` : '';
}

/** «за 40 с», «за 3 хв», «о 14:05»: when the next attempt comes. */
export function inTime(at: number, now: number): string {
  const s = Math.max(1, Math.ceil((at - now) / 1000));
  if (s < 60) return `за ${s} с`;
  if (s < 3600) return `за ${Math.ceil(s / 60)} хв`;
  return `о ${formatTime(at)}`;
}

/** The indicator's one line: «Офлайн · 3 зміни чекають на зв’язок», «2 зміни не надіслано: сервер тимчасово недоступний · спроба за 40 с»…; null when all is sent. */
export function syncLabel(s: SyncState, now: number): string | null {
  const refused = `${changesAcc(s.failed)} не збережено`;
  // What waits never hides what was refused: both counts, the refused one last.
  const andRefused = (line: string) => (s.failed ? `${line} · ${refused}` : line);
  switch (s.kind) {
    case 'offline':
      if (s.waiting)
        return andRefused(
          `Офлайн · ${changes(s.waiting)} ${pluralUk(s.waiting, ['чекає', 'чекають', 'чекають'])} на зв’язок`,
        );
      return s.failed ? `Офлайн · ${refused}` : 'Офлайн';
    case 'sending':
      return andRefused(`Надсилаю ${changesAcc(s.waiting)}…`);
    case 'retrying':
      return andRefused(
        `${changes(s.waiting)} не ${pluralUk(s.waiting, ['надіслана', 'надіслані', 'надіслано'])}${because(s.reason)} · спроба ${inTime(s.nextAt, now)}`,
      );
    case 'waiting':
      return andRefused(`${changes(s.waiting)} ${pluralUk(s.waiting, ['очікує', 'очікують', 'очікують'])}`);
    case 'failed':
      return refused;
    case 'idle':
      return null;
  }
}

/** The server's own defaults, which say nothing of this change: the general reason reads better. */
const VAGUE = new Set(['Не знайдено', 'Доступ заборонено', 'Некоректний запит', 'Сервер відхилив запит']);

/** The server's reason when it speaks to the member (Ukrainian, specific); the GUID texts (docs/rules.md#error-reactions) in Ukrainian. */
function serverWords(error: OutboxError): string | null {
  const m = guidReason(error.message) ?? error.message.trim();
  if (!/[а-яіїєґ]/i.test(m) || VAGUE.has(m)) return null;
  return /[.!?…]$/.test(m) ? m : `${m}.`;
}

/** The reason of a refusal or a failed attempt, in the member's words: the server's own when it gave one. */
export function memberReason(error: OutboxError): string {
  if (error.code === 'network') return 'Немає зв’язку з сервером.';
  if (error.status >= 500 || error.status === 408 || error.status === 425) return 'Сервер тимчасово недоступний.';
  if (error.status === 429) return 'Сервер просить зачекати.';
  if (error.code === 'invalid_request') return 'Дані не пройшли перевірку: щось задовге або в неправильному форматі.';
  if (error.status === 412) return 'Дані весь час змінюються на іншому пристрої. Спробуй ще раз трохи пізніше.';
  if (error.status === 413) return 'Завеликий файл чи текст.';
  // A body the server's schema refused names fields in a developer's terms: the general words.
  const schema =
    error.status === 400 &&
    (error.code === 'invalid_body' || error.code === 'bad_request' || error.code === 'bad_json');
  const said = schema ? null : serverWords(error);
  if (said) return said;
  if (error.status === 400) return 'Сервер не прийняв ці дані: щось задовге або в неправильному форматі.';
  if (error.status === 403) return 'Цей запис належить іншому обліковому запису.';
  if (error.status === 404) return 'Цього вже немає на сервері.';
  return error.message;
}
