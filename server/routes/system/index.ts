import type { Hono } from 'hono';
import { getVersion } from '../../../src/contract/system';
import type { AppEnv } from '../../context';
import { mount } from '../../http/route';

export function register(app: Hono<AppEnv>): void {
  mount(app, getVersion, ({ deps }) => ({ version: deps.config.APP_VERSION }));
}
