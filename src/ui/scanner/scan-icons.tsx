import { LineIcon, type LineIconProps } from '../icons';

/** Line icons of scanning (24×24, currentColor), drawn like those of src/ui/icons. */
const PATHS = {
  camera:
    'M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM12 16a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  cameraOff:
    'M3 3l18 18M9 5h6l2 3h3a1 1 0 0 1 1 1v8M18 19H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h3M9.5 10.5a3.5 3.5 0 0 0 5 5',
  torch: 'M8 3h8l-1 5H9zM9 8l1 13h4l1-13M12 12v3',
  switchCam: 'M4 8h3l2-3h6l2 3h3v11H4zM9 13a3 3 0 0 1 5-2.2M15 13a3 3 0 0 1-5 2.2M14 8.5v2.5h-2.5M10 17.5V15h2.5',
  keyboard: 'M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10',
  check: 'M5 12.5l4.5 4.5L19 7',
  alert: 'M12 3l9.5 17h-19zM12 10v4M12 17h.01',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
  photo: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM3 16l5-5 4 4 3-3 6 6M15.5 9.5h.01',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  history: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v5h5M12 8v4l3 2',
  device: 'M9 3h6a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM12 17h.01M10 7h4',
  upload: 'M12 16V4M7 9l5-5 5 5M5 20h14',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2zM6.5 6.5h1v1h-1zM16.5 6.5h1v1h-1zM6.5 16.5h1v1h-1z',
  badge: 'M7 3h10v18l-5-3-5 3zM10 8h4M10 11h4',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1-3-5-4-5-1.5S10 7 12 7zM12 7c1-3 5-4 5-1.5S14 7 12 7z',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6v4H9z',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c1-3.5 3.5-5 6.5-5s5.5 1.5 6.5 5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 15c2 .7 3 2.3 3.5 5',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
} as const;

export type ScanIconName = keyof typeof PATHS;

export function ScanIcon({ name, ...rest }: { name: ScanIconName } & LineIconProps) {
  return <LineIcon d={PATHS[name]} {...rest} />;
}
