import { Link } from 'react-router';
import type { SyncStatus } from './use-sync-status';
import { SYNC_COPY } from './copy';

/**
 * The changes the server refused, each saying what was not saved and why, with «Прибрати», a link
 * to put it right where there is one (support, where only the club can help) and «Повторити» only
 * where a later try can pass (their local effect was already undone).
 */
export function FailedEntries({ s, onNavigate }: { s: SyncStatus; onNavigate?: () => void }) {
  if (s.failed.length === 0) return null;
  return (
    <section className="sync-section" aria-labelledby="sync-failed-title" data-testid="sync-failed">
      <h3 className="sync-section__title" id="sync-failed-title">
        {SYNC_COPY.failedTitle}
      </h3>
      <p className="sync-section__lead">{SYNC_COPY.failedLead}</p>
      <ul className="sync-failed">
        {s.failed.map((e) => {
          const n = s.noticeOf(e);
          return (
            <li key={e.id} className="sync-failed__item" data-testid="sync-failed-item">
              <strong>{n.what}</strong>
              <p className="sync-failed__reason">{n.why}</p>
              <div className="sync-failed__actions">
                {n.fixAt && (
                  <Link className="sync-button sync-button--primary" to={n.fixAt.path} onClick={onNavigate}>
                    {n.fixAt.label}
                  </Link>
                )}
                {!n.final && (
                  <button type="button" className="sync-button" onClick={() => s.retry(e.id)}>
                    {SYNC_COPY.retry}
                  </button>
                )}
                <button type="button" className="sync-button" onClick={() => s.cancel(e.id)}>
                  {SYNC_COPY.cancel}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
