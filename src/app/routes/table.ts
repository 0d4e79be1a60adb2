import { ROUTE_TABLE } from '../../domain/route-table';
import type { RouteSpec } from './types';

/**
 * The whole route table of docs/rules.md#screens (src/domain/route-table.ts, plain data the server reads too).
 * The screens themselves are in src/features; each path's page file is named in ./sources.
 */
export const ROUTES: RouteSpec[] = ROUTE_TABLE;
