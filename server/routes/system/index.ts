import type { Hono } from 'hono';
import { getVersion } from '../../../src/contract/system';
import type { AppEnv } from '../../context';
import { mount } from '../../http/route';
import { providersOf } from '../../providers/index';

export function register(app: Hono<AppEnv>): void {
  mount(app, getVersion, async ({ deps }) => {
    const p = providersOf(deps.config);
    return {
      version: deps.config.APP_VERSION,
      // What is on, for the app to hide the rest: never which provider or key.
      providers: {
        card: p.card !== 'off',
        sms: p.sms !== 'off',
        testLogin: p.testLogin,
        ageCheck: p.ageCheck !== 'off',
      },
    };
  });
}
