import { useEffect, useRef } from 'react';
import { useSyncMaybe } from '../../state/sync-context';
import { refusalVerdict } from '../../sync/engine/refusal-finality';
import type { ShownScan } from './use-scan-rows';

/**
 * On the screens that take codes (/scanning, /scanbox): a code the member read or saw waiting here
 * and the server then refused for good is answered on its line (refused, with why) and in the scanner's
 * message; its outbox entry goes («Прибрати»), so no «1 зміну не збережено» or toast repeats it.
 * A refusal a later try can pass stays in the sync panel with «Повторити».
 */
export function useScanRefusalsAnswered(rows: readonly ShownScan[] | undefined): void {
  const rt = useSyncMaybe();
  const seenWaiting = useRef(new Set<string>());
  // A code read here may be answered before its waiting row was ever drawn.
  const openedAt = useRef(Date.now());
  useEffect(() => {
    if (!rows || !rt) return;
    for (const r of rows) if (r.shown === 'waiting' || r.shown === 'sent') seenWaiting.current.add(r.code);
    const here = (r: ShownScan) => seenWaiting.current.has(r.code) || r.scannedAt >= openedAt.current;
    const refused = rows.filter((r) => r.state === 'refused' && r.entryId && here(r));
    for (const r of refused) seenWaiting.current.delete(r.code);
    if (!refused.length) return;
    void (async () => {
      for (const r of refused) {
        const e = await rt.db.outbox.get(r.entryId!);
        if (e?.state === 'failed' && e.lastError && refusalVerdict(e.lastError).final)
          await rt.outbox.cancelFailed(e.id);
      }
    })();
  }, [rows, rt]);
}
