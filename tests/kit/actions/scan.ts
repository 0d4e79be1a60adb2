import { guidReason } from '../../../src/domain/scan/guid';
import { managerBadge } from '../../../src/domain/scan/read';
import { DEVICES_COPY } from '../../../src/features/devices/copy';
import { guidTitle, SCAN_COPY } from '../../../src/features/scan/copy';
import { readSession } from '../../../src/sync/auth/session';
import { handleScanText, registerDeviceSerial } from '../../../src/sync/scan/actions';
import { sendMultiscanPhoto, type PhotoSendResult } from '../../../src/sync/scan/upload';
import { compose, pngBase64, qrImage } from '../../server/scan-delivery/support';
import type { Phone } from '../phone';
import type { Tab } from '../tab';
import type { Told } from '../told';

const said = (title: string, text?: string) => (text ? `${title}. ${text}` : title);

/** /scanning, /scan/multi and /device-reg: codes, a consultant's badge, a photo of codes, a device's serial. */
export class ScanActions {
  constructor(private readonly p: Phone) {}

  /** A text read by the camera (or typed, `via: 'manual'`) on /scanning: a product code kept and queued, or what the scanner says. */
  code(text: string, via: 'camera' | 'manual' = 'camera'): Promise<Told<{ code: string }>> {
    return this.p.act(async (tab) => {
      const r = await handleScanText(tab.db, await this.variant(tab), text, via);
      const online = tab.rt.online.isOnline();
      switch (r.kind) {
        case 'saved':
          return {
            says: said(SCAN_COPY.saved, online ? SCAN_COPY.savedOnline : SCAN_COPY.savedOffline),
            value: { code: r.code },
          };
        case 'duplicate':
          return { at: 'refused', says: said(SCAN_COPY.duplicate, r.notice) };
        case 'invalid':
          return { at: 'refused', says: said(guidTitle(r.error), guidReason(r.error) ?? r.error) };
        case 'manager':
          return r.saved
            ? { says: said(SCAN_COPY.managerSaved, `${r.manager} · ${r.notice}`) }
            : { at: 'refused', says: said(SCAN_COPY.managerKnown, r.notice) };
        case 'signed-out':
          return { at: 'refused', says: SCAN_COPY.signedOut };
      }
    });
  }

  /** A store consultant's badge QR read on /scanning. */
  badge(manager: string, from = 'glo studio, ТРЦ Ocean Plaza'): Promise<Told<{ code: string }>> {
    return this.code(managerBadge(manager, from));
  }

  /** /scan/multi: a photo of these codes (QR codes drawn side by side), queued and sent like any change. */
  async photo(codes: readonly string[]): Promise<Told<PhotoSendResult>> {
    const picture = pngBase64(compose(await Promise.all(codes.map((c) => qrImage(c)))));
    return this.p.act<PhotoSendResult>(async (tab) => {
      const r = await sendMultiscanPhoto(
        { db: tab.db, online: tab.rt.online },
        await this.variant(tab),
        picture,
        null,
        () => undefined,
      );
      return r.state === 'refused' ? { at: 'refused', says: r.reason, value: r } : { value: r };
    });
  }

  /**
   * /device-reg: a serial typed or scanned. Offline it waits (the toast says so); online the screen
   * waits for the server and says what it answered (registered with its XP, or why not).
   */
  device(serial: string): Promise<Told<{ serial: string }>> {
    return this.p.act(async (tab) => {
      const T = DEVICES_COPY.reg;
      const r = await registerDeviceSerial(tab.db, await this.variant(tab), serial);
      if (r === null) return { at: 'refused', says: T.signIn };
      if (!r.queued) return { at: 'refused', says: 'invalid' in r ? r.invalid : r.notice };
      if (!tab.rt.online.isOnline()) return { says: T.queued, value: { serial: r.row.serial } };
      await this.p.settle();
      const row = (await tab.db.devices.where('variant').equals(r.row.variant).toArray()).find(
        (d) => d.serial === r.row.serial && d.state !== 'waiting',
      );
      const says =
        row?.state === 'registered'
          ? T.done(row.awarded ?? 0)
          : row?.state === 'refused'
            ? (row.message ?? DEVICES_COPY.states.refused!)
            : T.queued;
      return { says, value: { serial: r.row.serial } };
    });
  }

  private async variant(tab: Tab): Promise<'glo' | 'ogo'> {
    return (await readSession(tab.db))?.variant === 'ogo' ? 'ogo' : 'glo';
  }
}
