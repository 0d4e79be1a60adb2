import { lazy } from 'react';
import { WHY_OGO_BLOCKS } from '../../domain/content/public-pages';
import { PUBLIC_COPY } from './public-copy';
import { ShippedPage } from './shipped-page';

const Stored = lazy(() => import('./why-ogo-stored').then((m) => ({ default: m.WhyOgoStored })));

/**
 * /why-ogo (docs/rules.md#screens navigation "why-ogo"): why the ogo club, readable before signing in (from
 * the ogo landing) and by members (from /offers).
 */
export default function WhyOgoPage() {
  return <ShippedPage blocks={WHY_OGO_BLOCKS} lead={PUBLIC_COPY.whyOgoLead} testId="screen-why-ogo" Stored={Stored} />;
}
