import { getDevices } from '../../contract/shop-member';
import type { DeviceRow } from '../../db/rows-member';
import type { ScanVariant } from '../mutations/scan/shared';
import { readSession } from '../auth/session';
import type { Puller } from './puller';

/**
 * The member's devices of a variant (docs/api.md#shop get-devices, `data.asset`) into `devices`: the
 * registered ones are replaced by the server's list; registrations still waiting or refused on
 * this device stay, unless the list now holds their serial.
 */
export function devicesPuller(variant: ScanVariant): Puller<DeviceRow[]> {
  return {
    name: `devices:${variant}`,
    freshFor: 5 * 60_000,
    tables: ['devices'],
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      const answer = await transport.send(getDevices, variant === 'ogo' ? { ogo: 'true' } : {});
      return answer.data.asset.map((d) => ({
        variant,
        id: String(d.id),
        title: d.title,
        serial: d.serial,
        registeredAt: d.registered_at,
        state: 'registered' as const,
        message: null,
        awarded: null,
      }));
    },
    async write(rows, db) {
      const serials = new Set(rows.map((r) => r.serial));
      const old = await db.devices.where('variant').equals(variant).toArray();
      const gone = old
        .filter((d) => d.state === 'registered' || serials.has(d.serial))
        .map((d): [typeof variant, string] => [variant, d.id]);
      await db.devices.bulkDelete(gone);
      // The XP a registration earned, known only on the device that sent it, is kept.
      const awarded = new Map(old.filter((d) => d.awarded !== null).map((d) => [d.serial, d.awarded]));
      await db.devices.bulkPut(rows.map((r) => ({ ...r, awarded: awarded.get(r.serial) ?? null })));
    },
  };
}
