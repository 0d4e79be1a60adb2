import { ROUTE_TABLE } from '../../domain/route-table';
import type { RouteSpec } from './types';

/**
 * The whole route table of spec §2 (src/domain/route-table.ts, plain data the server reads too).
 * Copy for the page frames is in ./copy.ts, the screens themselves in src/features.
 */
export const ROUTES: RouteSpec[] = ROUTE_TABLE;
