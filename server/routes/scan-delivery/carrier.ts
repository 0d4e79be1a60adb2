import type { Hono } from 'hono';
import { npBranches, npSearchCities } from '../../../src/contract/delivery';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../errors';
import { mount } from '../../http/route';
import { carrierFor, type Carrier } from '../../sandboxes/nova-poshta';

const bounded = (raw: string | undefined, fallback: number, min: number, max: number) =>
  raw === undefined ? fallback : Math.min(max, Math.max(min, Number(raw)));

/** The carrier's city search and branch list (Nova Poshta-shaped; the reference server's own paths, docs/api.md#delivery). */
export function registerCarrier(app: Hono<AppEnv>): void {
  // One carrier per app, so the real API's cache of popular cities outlives a request.
  const carriers = new WeakMap<AppDeps, Carrier>();
  const carrierOf = (deps: AppDeps) => {
    let carrier = carriers.get(deps);
    if (!carrier) carriers.set(deps, (carrier = carrierFor(deps.db, deps.config.NOVA_POSHTA_API_KEY)));
    return carrier;
  };

  mount(app, npSearchCities, async ({ input, deps }) => {
    return { cities: await carrierOf(deps).searchCities(input.query ?? '', bounded(input.limit, 20, 1, 50)) };
  });

  mount(app, npBranches, async ({ input, deps }) => {
    const out = await carrierOf(deps).branches({
      cityId: input.city_id,
      query: input.query,
      type: input.type,
      limit: bounded(input.limit, 50, 1, 100),
      offset: bounded(input.offset, 0, 0, 99_999),
    });
    if (!out) throw notFound('Місто не знайдено', 'city_not_found');
    return out;
  });
}
