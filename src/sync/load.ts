/**
 * Loads the sync engine in two tasks rather than one: first the API contract's schemas (zod
 * builds them as their chunk runs; the build gives them a chunk of their own, see
 * scripts/build/chunks.ts), then, after a turn of the event loop, the engine itself. Run
 * together they made one task of 70-100 ms at 4x CPU, in the first seconds of a member's visit.
 */
export async function loadSyncEngine(): Promise<typeof import('./start')> {
  await import('../contract/define');
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return import('./start');
}
