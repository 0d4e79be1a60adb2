import type { SeedChoice } from '../config';
import type { AppDeps } from '../context';
import { seed as seedAuth } from './auth';
import { seed as seedShop } from './shop';
import { seed as seedScanDelivery } from './scan-delivery';
import { seed as seedEngagement } from './engagement';
import { seed as seedCertFeedback, seedCertCatalogue } from './cert-feedback';
import { seedDeviceRegistry } from './device-registry';
import { settleSeededBalances } from './ledger-order';
import { seedCatalogue } from './shop-catalogue';
import { seedCarrier } from './np-branches';

/**
 * Seeds an empty database (no members, no products) once, as SEED chooses: `reference` the club's
 * reference data, `demo` that and the demo, `none` nothing. True when it seeded.
 */
export async function seedIfEmpty(deps: AppDeps, choice: SeedChoice): Promise<boolean> {
  if (choice === 'none') return false;
  const [member, product] = await Promise.all([
    deps.db.selectFrom('members').select('id').limit(1).executeTakeFirst(),
    deps.db.selectFrom('products').select('id').limit(1).executeTakeFirst(),
  ]);
  if (member || product) return false;
  await seedReference(deps);
  if (choice === 'demo') await seedDemo(deps);
  return true;
}

/**
 * What the app needs to work and nobody can claim or is named in: the catalogue, the carrier's
 * directory (its sandbox), content pages, news, the vocabulary, subscription plans, the marathon's
 * quiz, the brand stores and the certificate partners. Each part is skipped when its table holds rows.
 */
async function seedReference(deps: AppDeps): Promise<void> {
  await seedCatalogue(deps);
  await seedCarrier(deps);
  await seedEngagement(deps);
  await seedCertCatalogue(deps);
}

/**
 * The demo, on top of the reference data: members (Олена, Андрій and the people Олена invited),
 * their orders, XP ledger, devices and certificates, and the demo's scan codes and device serials,
 * which are in the public source, so anyone could take their XP: never on a real deployment.
 * Order matters: members first, the registry before their devices, balances settled last.
 */
async function seedDemo(deps: AppDeps): Promise<void> {
  await seedAuth(deps);
  await seedDeviceRegistry(deps);
  await seedShop(deps);
  await seedScanDelivery(deps);
  await seedCertFeedback(deps);
  await settleSeededBalances(deps.db);
}

/**
 * The demo's claimable rows found in a database (a production database seeded before SEED
 * existed): unused demo scan codes and free demo device serials. The server warns at start.
 */
export async function demoLeftovers(deps: AppDeps): Promise<{ scanCodes: number; deviceSerials: number }> {
  const [codes, serials] = await Promise.all([
    deps.db
      .selectFrom('scan_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('batch', 'like', 'demo-%')
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('device_registry')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('source', '=', 'demo')
      .executeTakeFirstOrThrow(),
  ]);
  return { scanCodes: Number(codes.n), deviceSerials: Number(serials.n) };
}
