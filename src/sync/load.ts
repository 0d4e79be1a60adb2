/**
 * Loads the sync engine in several tasks rather than one. zod builds the API contract's schemas as
 * their chunks run; all of them with the engine made one long task (docs/performance-log.md) in the first
 * seconds of a member's visit. The build cuts the schemas into parts (scripts/build/chunks.ts
 * `SCHEMA_PARTS`); here each part runs after a turn of the event loop, then the engine.
 *
 * With no service worker in control yet (a first visit), the chunks are all asked for at once
 * first (`modulepreload`: fetched and compiled, not run), so the steps do not wait for the network
 * one after another. From the service worker's cache they come at once anyway, and the preloads
 * themselves cost a long task (bench/loading.bench.ts traced it; docs/performance-log.md).
 */
const STEPS: ReadonlyArray<() => Promise<unknown>> = [
  () => import('../contract/define'),
  // The first file of each part of SCHEMA_PARTS, in its order (tests/unit/build/chunks.test.ts).
  () => import('../contract/auth'),
  () => import('../contract/shop'),
  () => import('../contract/scan'),
  () => import('../contract/engagement'),
];

export async function loadSyncEngine(): Promise<typeof import('./start')> {
  if (!navigator.serviceWorker?.controller) preloadModules(syncFiles());
  for (const step of STEPS) {
    await step();
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  return import('./start');
}

/** The sync engine's chunks, as the build names them in every HTML file (scripts/build/first-load.ts). */
export function syncFiles(): string[] {
  return (document.querySelector('meta[name="club-sync"]')?.getAttribute('content') ?? '').split(' ').filter(Boolean);
}

function preloadModules(files: readonly string[]): void {
  for (const href of files) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    // Boot work: whatever the screen asks for meanwhile (a picture further down) goes first.
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
}
