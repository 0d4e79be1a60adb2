import type { Kysely } from 'kysely';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

/**
 * The registry of genuine device serials: a serial earns the registration
 * bonus only when the manufacturer made it. Rows come from the manufacturer's feed; the reference
 * server seeds the demo members' devices and a list of further demo serials
 * (server/seed/device-registry.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_registry')
    .addColumn('serial', 'text', (c) => c.primaryKey())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The daily limit counts a member's registrations since a Kyiv midnight.
  await db.schema
    .createIndex('devices_member_registered')
    .on('devices')
    .columns(['member_id', 'registered_at'])
    .execute();
  // The registration bonus is paid once per serial, whoever held it: found by its ledger ref.
  await db.schema.createIndex('xp_ledger_ref').on('xp_ledger').column('ref').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('xp_ledger_ref').ifExists().execute();
  await db.schema.dropIndex('devices_member_registered').ifExists().execute();
  await db.schema.dropTable('device_registry').ifExists().execute();
}
