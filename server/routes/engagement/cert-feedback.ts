import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { sandboxCertPartner } from '../../sandboxes/cert-partner';
import { registerCertAuth } from './cert/auth';
import { registerCertCatalogue } from './cert/catalogue';
import { registerCertPin } from './cert/pin';
import { registerCertPinCheck } from './cert/pin-check';
import { registerCertPurchase } from './cert/purchase';
import { registerFeedbackOffline } from './feedback/offline';
import { registerFeedbackOnline } from './feedback/online';

/** Mounts the certificate (docs/api.md#certificates) and feedback (docs/api.md#feedback) calls. */
export function registerCertFeedback(app: Hono<AppEnv>): void {
  const partner = sandboxCertPartner();
  registerCertAuth(app, partner);
  registerCertCatalogue(app);
  registerCertPurchase(app, partner);
  registerCertPin(app);
  registerCertPinCheck(app);
  registerFeedbackOnline(app);
  registerFeedbackOffline(app);
}
