/** Scanning, XP and devices. */
export const SCAN_PAGES: Record<string, string> = {
  '/scanning': 'src/features/scan/scanning-page.tsx',
  '/scanbox': 'src/features/scan/scanbox-page.tsx',
};
