import type { TestServer } from '../../support/server';

/** Puts genuine serials into the manufacturer's registry (device_registry), as its feed would. */
export async function registrySerials(
  s: TestServer,
  rows: ReadonlyArray<{ serial: string; model?: string; variant?: 'glo' | 'ogo' }>,
): Promise<void> {
  const now = s.clock.now().toISOString();
  await s.deps.db
    .insertInto('device_registry')
    .values(
      rows.map((r) => ({
        serial: r.serial,
        model: r.model ?? 'Пристрій Плюс',
        variant: r.variant ?? 'glo',
        source: 'test',
        created_at: now,
      })),
    )
    .execute();
}
