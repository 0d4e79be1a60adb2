import type { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Mounts this group's calls. */
export function register(_app: Hono<AppEnv>): void {}
