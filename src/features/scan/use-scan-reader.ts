import { useCallback, useEffect, useRef } from 'react';
import { db } from '../../db/db';
import type { Account } from '../../db/rows-sync';
import { StorageFullError } from '../../db/storage';
import { GUID_ERRORS, guidReason } from '../../domain/scan/guid';
import { useOnline } from '../../state/online';
import { scanActions } from '../../sync/scan/lazy';
import type { ReadFeedback } from '../../ui/scanner/camera-scanner';
import { guidTitle, SCAN_COPY as T } from './copy';

/** Barcode formats that can carry a club code; anything else read is another kind of code. */
const CLUB_FORMATS = new Set(['qr_code', 'data_matrix', '']);

/**
 * Turns a read (camera or typed) into what the member sees at once: kept and queued, already
 * there, refused on the spot with the message (docs/rules.md#error-reactions), or a consultant saved.
 */
export function useScanReader(variant: 'glo' | 'ogo') {
  const online = useOnline();
  // The actions and the account load while the camera starts, so a code is stored without waiting for them.
  const account = useRef<Promise<Account | null> | null>(null);
  useEffect(() => {
    account.current = scanActions().then((m) => m.scanAccount(db, variant));
  }, [variant]);
  return useCallback(
    async (text: unknown, format: string, via: 'camera' | 'manual'): Promise<ReadFeedback> => {
      if (!CLUB_FORMATS.has(format))
        return { tone: 'error', title: guidTitle(GUID_ERRORS.unsupported), text: T.otherFormat };
      try {
        const r = await (await scanActions()).handleScanText(db, variant, text, via, await account.current);
        switch (r.kind) {
          case 'saved':
            // For measuring (bench/scan.bench.ts): the code's row is stored.
            performance.mark('scan:stored', { detail: r.code });
            return { tone: 'ok', title: T.saved, text: online ? T.savedOnline : T.savedOffline, code: r.code };
          case 'duplicate':
            return { tone: 'info', title: T.duplicate, text: r.notice };
          case 'invalid':
            return { tone: 'error', title: guidTitle(r.error), text: guidReason(r.error) ?? r.error };
          case 'manager':
            return r.saved
              ? { tone: 'ok', title: T.managerSaved, text: `${r.manager} · ${r.notice}` }
              : { tone: 'info', title: T.managerKnown, text: r.notice };
          case 'signed-out':
            return { tone: 'error', title: T.signedOut };
        }
      } catch (e) {
        if (!(e instanceof StorageFullError)) console.error('[scan] could not keep a code', e);
        return { tone: 'error', title: T.writeFailed, text: e instanceof StorageFullError ? e.message : undefined };
      }
    },
    [variant, online],
  );
}
