import type { Hono } from 'hono';
import { brandOfHost, manifestFor, type Brand } from '../../../src/domain/club/brand';
import type { AppEnv } from '../../context';

const HEADERS = {
  'content-type': 'application/manifest+json; charset=utf-8',
  // Names the installed app: always revalidated, and different per host.
  'cache-control': 'no-cache',
  vary: 'host',
} as const;

/**
 * GET /manifest.json (docs/rules.md#screens "Install"), the brand's manifest: «Клуб ogo» on the second
 * variant's own host (OGO_HOST) and to `?brand=ogo` (where the page points its manifest link
 * for a member on ogo), «Клуб glo» anywhere else. Answered before the built file, which is glo's.
 */
export function registerManifest(app: Hono<AppEnv>): void {
  const bodies = new Map<Brand, string>();
  app.get('/manifest.json', (c) => {
    const asked = c.req.query('brand');
    const brand: Brand =
      asked === 'ogo' || asked === 'glo' ? asked : brandOfHost(c.req.header('host') ?? '', c.var.deps.config.OGO_HOST);
    let body = bodies.get(brand);
    if (!body) bodies.set(brand, (body = JSON.stringify(manifestFor(brand))));
    return c.body(body, 200, HEADERS);
  });
}
