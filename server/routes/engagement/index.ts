import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { registerAnalytics } from './analytics/analytics';
import { registerCertFeedback } from './cert-feedback';
import { registerContentMisc } from './content-misc';

/** Mounts certificates, feedback, content, invite, subscription, marathon, stores and analytics calls. */
export function register(app: Hono<AppEnv>): void {
  registerAnalytics(app);
  registerCertFeedback(app);
  registerContentMisc(app);
}
