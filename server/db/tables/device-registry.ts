/**
 * Genuine device serials (migration 010). A serial can be registered by a member only when it is
 * here, and only under its own brand. `source` names where the row came from: 'demo' for the
 * reference server's seed, a feed or batch name for a manufacturer's import.
 */
export interface DeviceRegistryTable {
  /** Normalised like devices.serial: upper case, no spaces or dashes. */
  serial: string;
  /** The model as the manufacturer names it, e.g. «Пристрій Плюс». */
  model: string;
  variant: 'glo' | 'ogo';
  source: string;
  created_at: string;
}

export interface DeviceRegistryTables {
  device_registry: DeviceRegistryTable;
}
