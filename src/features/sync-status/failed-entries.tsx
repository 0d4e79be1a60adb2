import type { SyncRuntime } from '../../sync/runtime';
import { SYNC_COPY } from './copy';
import { useSyncStatus } from './use-sync-status';
import './sync-status.css';

/**
 * The changes the server refused, each with its reason and «Повторити» / «Скасувати»
 * (their local effect was already undone). Renders nothing when there are none.
 */
export function FailedEntries({ runtime }: { runtime: SyncRuntime }) {
  const s = useSyncStatus(runtime);
  if (s.failed.length === 0) return null;
  return (
    <section aria-label={SYNC_COPY.failedTitle}>
      <h2 className="sync-failed__title">{SYNC_COPY.failedTitle}</h2>
      <ul className="sync-failed">
        {s.failed.map((e) => (
          <li key={e.id} className="sync-failed__item">
            <strong>{s.titleOf(e)}</strong>
            <p className="sync-failed__reason">{e.lastError?.message ?? SYNC_COPY.noReason}</p>
            <div className="sync-failed__actions">
              <button type="button" className="sync-failed__button" onClick={() => s.retry(e.id)}>
                {SYNC_COPY.retry}
              </button>
              <button type="button" className="sync-failed__button" onClick={() => s.cancel(e.id)}>
                {SYNC_COPY.cancel}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
