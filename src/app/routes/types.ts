import type { ComponentType } from 'react';
import type { BackTarget, LayoutName, PageName, RouteRow } from '../../domain/route-table';

export type { BackTarget, GuardName, LayoutName, PageName } from '../../domain/route-table';

/** A page module: its default export renders the screen. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** What a route carries to the layout (react-router `handle`). */
export interface RouteHandle {
  title: string;
  back: BackTarget;
  layout: LayoutName;
  /** Short description and empty-state copy of a page frame. */
  intro?: string;
  empty?: string;
  /** Name of the page for analytics and tests. */
  name: string;
}

/** A row of the route table (src/domain/route-table.ts) as the app reads it. */
export interface RouteSpec extends RouteHandle, RouteRow {
  page: PageName;
}
