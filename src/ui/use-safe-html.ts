import { useEffect, useState } from 'react';

type SafeHtml = typeof import('./safe-html');

let loaded: SafeHtml | null = null;
let pending: Promise<SafeHtml> | null = null;

/**
 * The sanitiser (./safe-html.ts, DOMPurify inside), loaded on first use rather than with a
 * screen's first paint: it is heavy for a first screen (docs/performance-log.md), and every route must paint within its budget.
 * The service worker precaches the chunk, so it loads offline too.
 */
export function loadSafeHtml(): Promise<SafeHtml> {
  pending ??= import('./safe-html').then((m) => (loaded = m));
  return pending;
}

/** The sanitiser once loaded (at once after the first time), null until then. */
export function useSafeHtml(): SafeHtml | null {
  const [mod, setMod] = useState<SafeHtml | null>(loaded);
  useEffect(() => {
    if (mod) return;
    let live = true;
    void loadSafeHtml().then((m) => live && setMod(m));
    return () => {
      live = false;
    };
  }, [mod]);
  return mod;
}
