import { PAGES, framePage } from '../routes/pages';

/** Spec §4/§9: prefetch starts 1 s after load. */
export const PREFETCH_DELAY_MS = 1000;

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** Prefetching is skipped on slow-2g and when the member asked to save data. */
export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  return connection.effectiveType !== 'slow-2g' && !connection.saveData;
}

/** Warms the page modules a member is likely to open next. */
export function schedulePrefetch(win: Window = window): void {
  const start = () => {
    const connection = (win.navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    if (!prefetchAllowed(connection)) return;
    for (const load of [framePage, ...Object.values(PAGES)]) void load().catch(() => undefined);
  };
  const later = () => win.setTimeout(start, PREFETCH_DELAY_MS);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
