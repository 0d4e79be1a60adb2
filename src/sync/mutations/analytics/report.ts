/**
 * What every analytics kind is: the app's own report, not a change of the member's (quiet: never
 * counted nor announced by the sync indicator), changing no table or view the member sees.
 */
export const ANALYTICS_REPORT = { quiet: true, tables: [], views: [] } as const;
