/** Scanning, XP and devices. */
export const SCAN_PAGES: Record<string, string> = {
  '/scanning': 'src/features/scan/scanning-page.tsx',
  '/scanbox': 'src/features/scan/scanbox-page.tsx',
  '/scan/multi': 'src/features/scan/multi-page.tsx',
  '/scan/history': 'src/features/scan/history-page.tsx',
  '/scan/instruction': 'src/features/scan/instruction-page.tsx',
  '/get-xp': 'src/features/xp/get-xp-page.tsx',
  '/history-bonuses': 'src/features/xp/history-bonuses-page.tsx',
  '/my-devices': 'src/features/devices/my-devices-page.tsx',
  '/device-reg': 'src/features/devices/device-reg-page.tsx',
};
