/** How long to wait before an entry is tried again after a transient failure. Times in ms. */
export interface BackoffPolicy {
  /** Delay after the first failed attempt. Default 2 000. */
  baseMs: number;
  /** Upper bound of the exponential delay. Default 300 000 (5 min). */
  capMs: number;
  /** Upper bound of a server's Retry-After we honour. Default 86 400 000 (24 h). */
  maxRetryAfterMs: number;
  /**
   * Upper bound when there was no answer at all (no signal, the server down). Default 30 000:
   * one small request every half minute costs little, and the queue goes soon after the network
   * or the server is back; a server that answers it is overloaded (5xx, 429) waits up to `capMs`.
   */
  noAnswerCapMs: number;
  /**
   * Upper bound for the member's own changes after a 5xx that asked for no particular wait
   * (no Retry-After). Default 8 000: the change goes within seconds of the server's recovery; a
   * server that wants fewer requests says so with Retry-After, which is honoured. The app's own
   * reports (quiet kinds) keep `capMs`.
   */
  serverErrorCapMs?: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  baseMs: 2_000,
  capMs: 300_000,
  maxRetryAfterMs: 86_400_000,
  noAnswerCapMs: 30_000,
  serverErrorCapMs: 8_000,
};

/** The policy for one failed attempt: the member's change after a 5xx without Retry-After waits at most `serverErrorCapMs`. */
export function policyFor(
  policy: BackoffPolicy,
  failure: { status: number; retryAfterMs: number | null; quiet: boolean },
): BackoffPolicy {
  if (failure.quiet || failure.status < 500 || failure.retryAfterMs !== null || policy.serverErrorCapMs === undefined)
    return policy;
  return { ...policy, capMs: Math.min(policy.capMs, policy.serverErrorCapMs) };
}

/**
 * Capped exponential backoff with "equal jitter": after `attempts` failed attempts (>= 1) the
 * delay is d/2 + random·d/2 with d = min(cap, base·2^(attempts−1)), so retries of many devices
 * do not arrive in lockstep yet never come sooner than half the step. A server's Retry-After
 * wins when it asks for longer.
 *
 * @param random a number in [0, 1); injectable for tests.
 */
export function backoffDelay(
  attempts: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  noAnswer = false,
): number {
  const cap = noAnswer ? Math.min(policy.capMs, policy.noAnswerCapMs) : policy.capMs;
  const step = Math.min(cap, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const jittered = step / 2 + random() * (step / 2);
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, policy.maxRetryAfterMs);
  return Math.round(Math.max(jittered, asked));
}
