import type { ComponentType } from 'react';

export type LayoutName = 'forall' | 'landing' | 'none' | 'account' | 'ogo-footer' | 'account-off-footer';

/** Spec §2 guard names; their logic lives in src/app/guards. */
export type GuardName = 'authentication' | 'is-authentication' | 'is18' | 'is-success-is18' | 'referrer' | 'to-ogo-landing';

/** Where the back arrow goes: hidden, a fixed path, or one step back in history. */
export type BackTarget = { kind: 'hidden' } | { kind: 'path'; to: string } | { kind: 'history' };

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

export interface RouteSpec extends RouteHandle {
  path: string;
  guards: GuardName[];
  /** The real page; absent = the page frame made from the copy. */
  page?: PageLoader;
  /** Path params that must be positive integers (a bad one is the fatal 404 of spec §8). */
  idParams?: string[];
}
