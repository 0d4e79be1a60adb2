import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { registerCarrier } from './carrier';
import { registerIpost } from './ipost';
import { registerMultiscan } from './multiscan';
import { registerMultiscanHistory } from './multiscan-history';
import { registerScan } from './scan';
import { registerScanCodesPage } from './scan-codes-page';

/** Mounts the scan calls (docs/api.md#scan, plus scan-code and the sent photos' history), the carrier and the ipost courier, and the demo codes page. */
export function register(app: Hono<AppEnv>): void {
  registerScan(app);
  registerMultiscan(app);
  registerMultiscanHistory(app);
  registerCarrier(app);
  registerIpost(app);
  registerScanCodesPage(app);
}
