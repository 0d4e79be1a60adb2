import type { AppDeps } from '../context';
import { seedCarrier } from './np-branches';
import { seedIpostDemo } from './scan-ipost';
import { seedOlenaScans, seedScanCodes } from './scan-demo';

/** Demo data of this group; runs once on an empty database, after the groups before it. */
export async function seed(deps: AppDeps): Promise<void> {
  await seedCarrier(deps);
  await seedScanCodes(deps);
  await seedOlenaScans(deps);
  await seedIpostDemo(deps);
}
