import { clubName } from '../../domain/club/brand';
import type { AppVariant } from '../../state/visitor';
import type { LayoutName } from '../routes/types';

/** Layouts that show the bottom navigation. */
export const WITH_NAV: ReadonlySet<LayoutName> = new Set(['account', 'ogo-footer']);

/** The ogo landing invites to the ogo club: it wears the ogo theme whatever the variant. */
export const layoutTheme = (kind: LayoutName, variant: AppVariant): AppVariant =>
  kind === 'landing' ? 'ogo' : variant;

/** The document title of a screen: it names the club of the brand the page wears (docs/rules.md#screens brand naming). */
export const pageTitle = (title: string, variant: AppVariant): string =>
  title === clubName(variant) ? title : `${title} · ${clubName(variant)}`;
