/** Scanning, XP and devices. */
export const SCAN_PAGES: Record<string, string> = {};
