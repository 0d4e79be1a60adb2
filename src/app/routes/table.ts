import { ROUTE_TABLE } from '../../domain/route-table';
import type { RouteSpec } from './types';

/**
 * The whole route table of docs/rules.md#screens (src/domain/route-table.ts, plain data the server reads too).
 * Each row's page is loaded by ./pages.ts; the screens themselves are in src/features.
 */
export const ROUTES: readonly RouteSpec[] = ROUTE_TABLE;
