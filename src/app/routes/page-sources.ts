import { CHECKOUT_PAGES } from './sources/checkout';
import { CONTENT_PAGES } from './sources/content';
import { MEMBER_PAGES } from './sources/members';
import { PROGRAMME_PAGES } from './sources/programmes';
import { SCAN_PAGES } from './sources/scan';
import { SHOP_PAGES } from './sources/shop';

/**
 * Screens with their own page module: route path → source file, one list per area in
 * ./sources. Plain data, so tools (the bundle benchmark) can read it. Every route of the table has one
 * (tests/unit/app/route-pages.test.ts).
 */
export const PAGE_SOURCES: Record<string, string> = {
  ...MEMBER_PAGES,
  ...SHOP_PAGES,
  ...CHECKOUT_PAGES,
  ...SCAN_PAGES,
  ...PROGRAMME_PAGES,
  ...CONTENT_PAGES,
};
