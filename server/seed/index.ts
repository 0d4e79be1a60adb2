import type { AppDeps } from '../context';
import { seed as seedAuth } from './auth';
import { seed as seedShop } from './shop';
import { seed as seedScanDelivery } from './scan-delivery';
import { seed as seedEngagement } from './engagement';
import { seed as seedCertFeedback } from './cert-feedback';
import { seedDeviceRegistry } from './device-registry';
import { settleSeededBalances } from './ledger-order';

/** Seeds demo data once: when the database has no members yet. Order matters: members first. */
export async function seedIfEmpty(deps: AppDeps): Promise<boolean> {
  const any = await deps.db.selectFrom('members').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seedAuth(deps);
  // Reference data before the members' devices are registered against it.
  await seedDeviceRegistry(deps);
  await seedShop(deps);
  await seedScanDelivery(deps);
  await seedEngagement(deps);
  await seedCertFeedback(deps);
  await settleSeededBalances(deps.db);
  return true;
}
