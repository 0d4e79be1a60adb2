// Where the carrier's answers are kept in `docs` (read by the delivery screen, written by the
// pullers in ./pullers/carrier.ts).
import { normalizeCityText } from '../../domain/delivery/city-search';

/** The `docs` key of a carrier city search ('' = the six popular cities of docs/rules.md#entities). */
export const citiesDocKey = (query: string) => `np-cities:${normalizeCityText(query)}`;
/** The `docs` key of a city's carrier branches. */
export const branchesDocKey = (cityRef: string) => `np-branches:${cityRef}`;
