import { useEffect, useState } from 'react';
import type { AuthEnv } from '../sync/auth/actions';
import type { PullResult } from '../sync/pullers/puller';
import { useOnline } from './online';
import { useAuthEnv } from './session';

/** Where a screen's pull stands: not started (sync still starting), running, or its result. */
export type PullState = 'idle' | 'running' | PullResult;

/**
 * Runs `pull` when the screen opens, again when `key` changes and when the device comes back
 * online; returns where it stands. `pull` gets the member environment and usually loads its
 * module lazily: `(env) => scanActions().then((m) => m.pullHistory(env))`. The screen reads its
 * data from Dexie; this only tells it whether an empty store means "nothing there" (pulled),
 * "still loading" (running) or "could not ask" (offline, failed).
 */
export function usePullOnOpen(pull: ((env: AuthEnv) => Promise<PullResult>) | null, key = ''): PullState {
  const env = useAuthEnv();
  const online = useOnline();
  const [state, setState] = useState<PullState>('idle');
  useEffect(() => {
    if (!env || !pull) return;
    if (!online) {
      setState('offline');
      return;
    }
    let live = true;
    setState('running');
    pull(env)
      .then((r) => live && setState(r))
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
    // `pull` is usually an inline arrow: `key` says when it means something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [env, online, key]);
  return state;
}

/**
 * `usePullOnOpen` with a retry: `retry()` runs the pull again; `attempt` counts the retries
 * (a pull may ask the server afresh once the member has retried: `attempt > 0`).
 */
export function useRetriedPull(
  pull: (env: AuthEnv, attempt: number) => Promise<PullResult>,
  key = '',
): { state: PullState; attempt: number; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const state = usePullOnOpen((env) => pull(env, attempt), `${key}:${attempt}`);
  return { state, attempt, retry: () => setAttempt((a) => a + 1) };
}
