import type { OutboxEntry } from '../../db/rows-sync';
import { inTime, memberReason } from '../../sync/engine/status';
import { SYNC_COPY } from './copy';
import type { SyncStatus } from './use-sync-status';

/** Waiting entries grouped by what they are, in queue order: «Зміна кошика × 3». */
function groups(s: SyncStatus): Array<{ title: string; count: number }> {
  const out: Array<{ title: string; count: number }> = [];
  for (const e of s.waiting) {
    const title = s.titleOf(e);
    const last = out[out.length - 1];
    if (last && last.title === title) last.count += 1;
    else out.push({ title, count: 1 });
  }
  return out;
}

function HeadState({ head, s }: { head: OutboxEntry; s: SyncStatus }) {
  if (!head.lastError || head.attempts === 0) return null;
  return (
    <p className="sync-section__error" data-testid="sync-retry">
      {SYNC_COPY.lastAttempt(memberReason(head.lastError))}{' '}
      {head.nextAttemptAt > s.now && SYNC_COPY.nextAttempt(inTime(head.nextAttemptAt, s.now))}{' '}
      <span className="sync-section__muted">{SYNC_COPY.attempts(head.attempts)}</span>
    </p>
  );
}

/** What waits to be sent, why the last attempt failed and when the next one comes; «Надіслати зараз». */
export function WaitingEntries({ s }: { s: SyncStatus }) {
  if (s.waiting.length === 0) return null;
  return (
    <section className="sync-section" aria-labelledby="sync-waiting-title" data-testid="sync-waiting">
      <h3 className="sync-section__title" id="sync-waiting-title">
        {SYNC_COPY.waitingTitle}
      </h3>
      <p className="sync-section__lead">{s.online ? SYNC_COPY.waitingLead : SYNC_COPY.waitingOffline}</p>
      <ul className="sync-waiting">
        {groups(s).map((g, i) => (
          <li key={`${g.title}-${i}`}>
            {g.title}
            {g.count > 1 && <span className="sync-section__muted"> × {g.count}</span>}
          </li>
        ))}
      </ul>
      {s.online && s.head && <HeadState head={s.head} s={s} />}
      {s.online && (
        <button
          type="button"
          className="sync-button sync-button--primary"
          onClick={s.sendNow}
          data-testid="sync-send-now"
        >
          {SYNC_COPY.sendNow}
        </button>
      )}
    </section>
  );
}
