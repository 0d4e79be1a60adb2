import type { ComponentType } from 'react';
import type { BackTarget, LayoutName, RouteRow } from '../../domain/route-table';

export type { BackTarget, GuardName, LayoutName } from '../../domain/route-table';

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

export interface RouteSpec extends RouteHandle, RouteRow {
  /** The real page; absent = the page frame made from the copy. */
  page?: PageLoader;
}
