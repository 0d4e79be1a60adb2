import { Button } from './button';
import { EmptyState } from './surfaces';

/** A screen's words for a first pull that did not arrive. */
export interface PullProblemCopy {
  offlineTitle: string;
  failedTitle: string;
  offlineText?: string;
  failedText?: string;
  retry: string;
}

/**
 * What a screen shows instead of its data when nothing is stored yet and the pull could not run
 * (`offline`) or failed: the screen's words and a retry button. With `retryOffline` false the
 * button shows only after a failure (offline there is nothing to retry yet).
 */
export function PullProblem({
  offline,
  copy,
  onRetry,
  retryOffline = true,
}: {
  offline: boolean;
  copy: PullProblemCopy;
  onRetry: () => void;
  retryOffline?: boolean;
}) {
  return (
    <EmptyState
      icon={offline ? 'offline' : 'refresh'}
      title={offline ? copy.offlineTitle : copy.failedTitle}
      text={offline ? copy.offlineText : copy.failedText}
      action={
        offline && !retryOffline ? undefined : (
          <Button variant="secondary" onClick={onRetry}>
            {copy.retry}
          </Button>
        )
      }
    />
  );
}

/** A pull that could not run (`offline`) or failed: the states `PullProblem` stands for. */
export const pullFailed = (state: string): state is 'offline' | 'failed' => state === 'offline' || state === 'failed';

/** A screen copy's words for its first pull, under the usual names. */
export interface PullWords {
  offline: string;
  failed: string;
  retry: string;
}

/** `PullProblem` in the words of a screen copy; the retry shows only after a failure. */
export function FirstPullProblem({
  state,
  words,
  onRetry,
}: {
  state: 'offline' | 'failed';
  words: PullWords;
  onRetry: () => void;
}) {
  return (
    <PullProblem
      offline={state === 'offline'}
      copy={{ offlineTitle: words.offline, failedTitle: words.failed, retry: words.retry }}
      onRetry={onRetry}
      retryOffline={false}
    />
  );
}
