import { LineIcon, type LineIconProps } from '../../ui/icons';

/** Line icons of the shop (24×24, currentColor), drawn like those of src/ui/icons. */
const PATHS = {
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3',
  check: 'M5 12.5l4.5 4.5L19 7',
  truck:
    'M3 6h11v10H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1-3-5-4-5-1.5S10 7 12 7zM12 7c1-3 5-4 5-1.5S14 7 12 7z',
  sticks: 'M6 4h12v16H6zM6 9h12M9 4v5M12 4v5M15 4v5',
  device: 'M9 3h6a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM12 17h.01M10 7h4',
  accessory:
    'M4 14a8 8 0 0 1 16 0M4 14v4a2 2 0 0 0 2 2h1v-7H6a2 2 0 0 0-2 1M20 14v4a2 2 0 0 1-2 2h-1v-7h1a2 2 0 0 1 2 1',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  pouch: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM9 3h6',
  cigs: 'M3 14h14v4H3zM17 14h2v4h-2zM21 14v4M19 10c0-2 2-2 2-4',
  merch: 'M8 4l-5 3 2 4 3-1v10h8V10l3 1 2-4-5-3a4 4 0 0 1-8 0z',
  heartFill: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
} as const;

export type ShopIconName = keyof typeof PATHS;

export function ShopIcon({ name, ...rest }: { name: ShopIconName } & LineIconProps) {
  return <LineIcon d={PATHS[name]} {...rest} />;
}

/** The icon of a catalogue category tile. */
export function categoryIcon(slug: string): ShopIconName {
  if (slug.includes('bonus')) return 'gift';
  if (slug.includes('device')) return 'device';
  if (slug.includes('accessor')) return 'accessory';
  if (slug.includes('popular')) return 'star';
  if (slug.includes('velo')) return 'pouch';
  if (slug.includes('cigs')) return 'cigs';
  if (slug.includes('merch')) return 'merch';
  return 'sticks';
}
