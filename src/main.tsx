import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { SyncProvider } from './state/sync-context';
import type { SyncRuntime } from './sync/runtime';
import './ui/theme.css';
import './ui/base.css';

/**
 * Boot. The screens read the local database directly, so the first paint needs nothing from
 * the network layer; the sync engine (outbox replay, pullers, API schemas) and the service
 * worker registration load right after it, keeping the entry small (issue budget: 140 KB gz).
 */
function Boot() {
  const [sync, setSync] = useState<SyncRuntime | null>(null);
  useEffect(() => {
    void import('./sync/start').then((m) => setSync(m.startSync()));
    void import('./app/pwa/register').then((m) => m.registerServiceWorker());
    void import('./app/pwa/prefetch').then((m) => m.schedulePrefetch());
  }, []);
  return (
    <SyncProvider runtime={sync}>
      <AppRouter />
    </SyncProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
