// What the scan, XP and device screens start when the member acts or a page opens. Screens load
// this module on first use (`scanActions()` in ./lazy.ts), not with their first
// paint: it brings the API layer and its schemas.
import type { ClubDb } from '../../db/database';
import type { Account } from '../../db/rows-sync';
import { isValidSerial, SERIAL_FORMAT_MESSAGE } from '../../domain/xp/device-registration';
import { readScan } from '../../domain/scan/read';
import type { AuthEnv } from '../auth/actions';
import { queueDeviceRegistration, type RegisterDeviceResult } from '../mutations/scan/device-register';
import { saveScanCode } from '../mutations/scan/code';
import { saveScanManager } from '../mutations/scan/manager';
import type { ScanVariant } from '../mutations/scan/shared';
import { devicesPuller } from '../pullers/devices';
import { multiscanHistoryPuller } from '../pullers/multiscan-history';
import { runPuller, type PullContext, type PullResult } from '../pullers/puller';
import { scanHistoryPuller, scanStatsPuller, type ScanStats } from '../pullers/scans';
import { bonusHistoryPuller } from '../pullers/xp';
import { accountOf } from '../auth/session';

export * from '../mutations/scan/kinds';
export { sendMultiscanPhoto } from './upload';

const ctxOf = (env: AuthEnv): PullContext => ({
  db: env.db,
  transport: env.transport,
  now: env.now,
  online: () => env.online.isOnline(),
});

export const pullScanStats = (env: AuthEnv, v: ScanVariant): Promise<PullResult> =>
  runPuller(scanStatsPuller(v), ctxOf(env));
export const pullScanHistory = (env: AuthEnv, v: ScanVariant): Promise<PullResult> =>
  runPuller(scanHistoryPuller(v), ctxOf(env));
/** The next get-history page after the `kept` lines already pulled. */
export const pullMoreHistory = (env: AuthEnv, v: ScanVariant, kept: number): Promise<PullResult> =>
  runPuller(scanHistoryPuller(v, kept), ctxOf(env), true);
/**
 * /history-bonuses: forced, so each opening shows the latest — credits the server makes on its
 * own (a friend's order handed over) appear as they do on /profile/referral, which pulls the same way.
 */
export const pullBonusHistory = (env: AuthEnv, v: ScanVariant): Promise<PullResult> =>
  runPuller(bonusHistoryPuller(v), ctxOf(env), true);
export const pullDevices = (env: AuthEnv, v: ScanVariant): Promise<PullResult> =>
  runPuller(devicesPuller(v), ctxOf(env));
/** /scan/multi: the photos the server read for the member, from any device (forced: the list shows the latest). */
export const pullSentPhotos = (env: AuthEnv, v: ScanVariant): Promise<PullResult> =>
  runPuller(multiscanHistoryPuller(v), ctxOf(env), true);

/** What became of a scanned or typed text, for the scanner's feedback. */
export type ScanOutcome =
  | { kind: 'saved'; code: string }
  | { kind: 'duplicate'; code: string; notice: string }
  | { kind: 'invalid'; error: string }
  | { kind: 'manager'; manager: string; saved: boolean; notice: string }
  | { kind: 'signed-out' };

/**
 * A text read by the camera or typed: a product code is kept and queued once, a
 * consultant's badge is sent once (save-manager), anything else is refused on the spot with the
 * docs/rules.md#error-reactions message and nothing is stored.
 */
export async function handleScanText(
  db: ClubDb,
  variant: ScanVariant,
  text: unknown,
  via: 'camera' | 'manual',
  known?: Account | null,
): Promise<ScanOutcome> {
  const read = readScan(text);
  if (read.kind === 'invalid') return { kind: 'invalid', error: read.error };
  const account = known ?? (await accountOf(db, variant));
  if (!account) return { kind: 'signed-out' };
  if (read.kind === 'manager') {
    const stats = (await db.docs.get([variant, 'scan-stats']))?.value as ScanStats | undefined;
    const r = await saveScanManager(db, account, read.manager, read.from, stats?.managerAdded ?? false);
    return r.saved
      ? { kind: 'manager', manager: read.manager, saved: true, notice: read.from }
      : { kind: 'manager', manager: read.manager, saved: false, notice: r.notice };
  }
  const r = await saveScanCode(db, account, read.code, via);
  return r.saved ? { kind: 'saved', code: read.code } : { kind: 'duplicate', code: read.code, notice: r.notice };
}

/** The account scans of a variant go to (read once by a scanner, not at every code). */
export const scanAccount = (db: ClubDb, variant: ScanVariant): Promise<Account | null> => accountOf(db, variant);

/** A serial typed or scanned at /device-reg: checked, then queued (works offline). */
export async function registerDeviceSerial(
  db: ClubDb,
  variant: ScanVariant,
  typed: string,
): Promise<RegisterDeviceResult | { queued: false; invalid: string } | null> {
  if (!typed.trim()) return { queued: false, invalid: 'Введи серійний номер пристрою' };
  if (!isValidSerial(typed)) return { queued: false, invalid: `Не схоже на серійний номер: ${SERIAL_FORMAT_MESSAGE}` };
  const account = await accountOf(db, variant);
  if (!account) return null;
  return queueDeviceRegistration(db, account, typed);
}
