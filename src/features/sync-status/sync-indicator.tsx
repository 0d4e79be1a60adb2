import type { SyncRuntime } from '../../sync/runtime';
import { SYNC_COPY } from './copy';
import { useSyncStatus } from './use-sync-status';
import './sync-status.css';

/**
 * The quiet sync indicator: «Офлайн», «Надсилаю…» or «N змін очікують» with «Надіслати зараз»;
 * renders nothing when everything is sent. The app shell places it.
 */
export function SyncIndicator({ runtime }: { runtime: SyncRuntime }) {
  const s = useSyncStatus(runtime);
  if (!s.label) return null;
  return (
    <span className="sync-indicator" role="status" data-state={s.state.kind}>
      <span className="sync-indicator__dot" aria-hidden="true" />
      {s.label}
      {s.state.kind === 'waiting' && (
        <button type="button" className="sync-indicator__button" onClick={s.sendNow}>
          {SYNC_COPY.sendNow}
        </button>
      )}
    </span>
  );
}
