import type { AppDeps } from '../context';

/** A genuine serial as the registry holds it: [serial, model, variant]. */
export type RegistrySerial = readonly [serial: string, model: string, variant: 'glo' | 'ogo'];

/** The devices the demo member Олена owns (server/seed/shop-demo.ts registers them). */
export const DEMO_MEMBER_SERIALS: readonly RegistrySerial[] = [
  ['G1PX7K2M9Q', 'Пристрій Плюс', 'glo'],
  ['OG5MN2K8R1', 'Пристрій Міні', 'ogo'],
  ['G2PR4T8N3W', 'Пристрій Про', 'glo'],
];

/**
 * Further genuine demo serials, free to register (listed at /dev/device-serials outside
 * production): what a member trying the app, or a test, types or scans at /device-reg.
 */
export const DEMO_FREE_SERIALS: readonly RegistrySerial[] = [
  ['GCHN3YUKSG', 'Пристрій Базовий', 'glo'],
  ['GS4WTGWVBN', 'Пристрій Базовий', 'glo'],
  ['GENH72EG4B', 'Пристрій Плюс', 'glo'],
  ['GG536VL4QG', 'Пристрій Плюс', 'glo'],
  ['GP2NJJ9G7A', 'Пристрій Плюс', 'glo'],
  ['G78H89Z5MA', 'Пристрій Про', 'glo'],
  ['GRFB726HSJ', 'Пристрій Про', 'glo'],
  ['G8U63UL76V', 'Пристрій Про', 'glo'],
  ['GVCEPV4G7E', 'Пристрій Преміум', 'glo'],
  ['G76BM5TEFJ', 'Пристрій Преміум', 'glo'],
  ['GL5U7HN8E5', 'Пристрій Преміум', 'glo'],
  ['GKA2UCYSPS', 'Пристрій Базовий', 'glo'],
  ['OGWDBTPENU', 'Пристрій Міні', 'ogo'],
  ['OG7JWSVU58', 'Пристрій Міні', 'ogo'],
  ['OGDQKC7HGS', 'Пристрій Смарт', 'ogo'],
  ['OG72WXZM6X', 'Пристрій Смарт', 'ogo'],
  ['OGG64CZFW5', 'Пристрій Смарт', 'ogo'],
  ['OGZ7ZCUSTF', 'Пристрій Макс', 'ogo'],
  ['OGQ3CLL8GF', 'Пристрій Макс', 'ogo'],
  ['OGC5CJWRCT', 'Пристрій Макс', 'ogo'],
];

/**
 * Seeds the registry of genuine serials with the demo ones (source 'demo'); idempotent. A real
 * deployment fills `device_registry` from the manufacturer's feed instead (see lookupSerial in
 * server/routes/shop/device-registry.ts).
 */
export async function seedDeviceRegistry(deps: AppDeps): Promise<void> {
  const now = deps.clock.now().toISOString();
  const rows = [...DEMO_MEMBER_SERIALS, ...DEMO_FREE_SERIALS].map(([serial, model, variant]) => ({
    serial,
    model,
    variant,
    source: 'demo',
    created_at: now,
  }));
  await deps.db
    .insertInto('device_registry')
    .values(rows)
    .onConflict((oc) => oc.column('serial').doNothing())
    .execute();
}
