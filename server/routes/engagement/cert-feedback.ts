import type { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Mounts the certificate and feedback calls. */
export function registerCertFeedback(_app: Hono<AppEnv>): void {}
