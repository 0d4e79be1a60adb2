/**
 * Fault injection for the fault tests (tests/e2e/ops-balancer.e2e.ts), outside production only:
 * with CLUB_FAULT_DIE_AT_CLAIM=N the process kills itself (SIGKILL: no cleanup, as a crash or an
 * OOM kill) right after its N-th claim of an Idempotency-Key has committed, so it dies holding
 * that key 'running' — the moment failover has to handle.
 */
const dieAt = process.env.NODE_ENV === 'production' ? 0 : Number(process.env.CLUB_FAULT_DIE_AT_CLAIM ?? 0);
let claims = 0;

export function afterClaim(): void {
  if (dieAt > 0 && (claims += 1) === dieAt) process.kill(process.pid, 'SIGKILL');
}

/**
 * Outside production, CLUB_FAULT_CRASH=throw:<message> or reject:<message> crashes the process just
 * after it is ready, by an uncaught exception or an unhandled rejection carrying that message: how
 * the crash is logged is tested on the real process (tests/server/ops/process-output.test.ts).
 */
export function crashWhenAsked(): void {
  const asked = process.env.NODE_ENV === 'production' ? undefined : process.env.CLUB_FAULT_CRASH;
  const [kind, ...rest] = (asked ?? '').split(':');
  const message = rest.join(':');
  if (kind === 'throw') {
    setImmediate(() => {
      throw new Error(message);
    });
  } else if (kind === 'reject') void Promise.reject(new Error(message));
}
