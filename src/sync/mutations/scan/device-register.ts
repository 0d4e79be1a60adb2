import { registerDevice } from '../../../contract/shop-member';
import type { ClubDb } from '../../../db/database';
import type { DeviceRow } from '../../../db/rows-member';
import type { Account } from '../../../db/rows-sync';
import { explainStorageError } from '../../../db/storage';
import { normalizeSerial } from '../../../domain/xp/device-registration';
import { enqueueInTransaction } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { ogoOf, refusalReason, scanVariantOf, type ScanVariant } from './shared';

export interface DeviceRegisterPayload {
  /** Normalised (upper case, no spaces or dashes). */
  serial: string;
  variant: ScanVariant;
}

/** The local row of a registration not yet confirmed. */
export const pendingDeviceId = (serial: string) => `serial:${serial}`;

/**
 * A device registered by its serial (register-device): a waiting row in /my-devices until the
 * server answers with the device (and the one-off XP) or refuses it (unknown serial, taken...).
 */
export const deviceRegisterKind = defineMutation<DeviceRegisterPayload, typeof registerDevice>({
  kind: 'device-register',
  call: registerDevice,
  title: 'Реєстрація пристрою',
  noun: ['реєстрацію пристрою', 'реєстрації пристроїв', 'реєстрацій пристроїв'],
  tables: ['devices', 'xpBalance'],
  views: ['devices', 'xp'],
  xpMove: (e) => ({ amount: null, what: `Реєстрація пристрою ${e.payload.serial}`, source: 'device' }),
  answeredOn: ['/my-devices', '/history-bonuses'],
  async buildRequest(entry) {
    return { serial: entry.payload.serial, ...ogoOf(entry.payload.variant) };
  },
  async apply(answer, entry, db) {
    const { serial, variant } = entry.payload;
    await db.devices.delete([variant, pendingDeviceId(serial)]);
    const d = answer.device;
    await db.devices.put({
      variant,
      id: String(d.id),
      title: d.title,
      serial: d.serial,
      registeredAt: d.registered_at,
      state: 'registered',
      message: null,
      awarded: answer.awarded,
    });
    await db.xpBalance.put({ variant, balance: answer.balance, fetchedAt: Date.now() });
  },
  async undo(entry, db) {
    const { serial, variant } = entry.payload;
    await db.devices.update([variant, pendingDeviceId(serial)], {
      state: 'refused',
      message: await refusalReason(db, entry),
    });
  },
  async redo(entry, db) {
    const { serial, variant } = entry.payload;
    await db.devices.update([variant, pendingDeviceId(serial)], { state: 'waiting', message: null });
  },
  describeRefusal(entry, error) {
    return {
      what: `Реєстрація пристрою ${entry.payload.serial}`,
      why: error.message,
      fixAt: { path: '/device-reg', label: 'Ввести номер ще раз' },
    };
  },
});

export type RegisterDeviceResult =
  { queued: true; entryId: string; row: DeviceRow } | { queued: false; notice: string };

/**
 * Domain action: a waiting device row and its entry, in one transaction. A serial this device
 * already lists (registered or waiting) is not queued again; a refused one is replaced.
 */
export async function queueDeviceRegistration(
  db: ClubDb,
  account: Account,
  typed: string,
  now = Date.now(),
): Promise<RegisterDeviceResult> {
  const variant = scanVariantOf(account.variant);
  const serial = normalizeSerial(typed);
  try {
    return await db.transaction('rw', [db.outbox, db.kv, db.devices], async (): Promise<RegisterDeviceResult> => {
      const same = await db.devices
        .where('variant')
        .equals(variant)
        .filter((d) => d.serial === serial)
        .toArray();
      if (same.some((d) => d.state === 'registered'))
        return { queued: false, notice: 'Цей пристрій уже є у твоєму списку' };
      if (same.some((d) => d.state === 'waiting'))
        return {
          queued: false,
          notice: 'Цей пристрій уже чекає реєстрації: він зареєструється, щойно з’явиться зв’язок',
        };
      const entry = await enqueueInTransaction(db, deviceRegisterKind, { serial, variant }, account, now);
      const row: DeviceRow = {
        variant,
        id: pendingDeviceId(serial),
        title: 'Новий пристрій',
        serial,
        registeredAt: new Date(now).toISOString(),
        state: 'waiting',
        message: null,
        awarded: null,
      };
      await db.devices.put(row);
      return { queued: true, entryId: entry.id, row };
    });
  } catch (e) {
    throw explainStorageError(e);
  }
}
