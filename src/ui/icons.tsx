import type { SVGProps } from 'react';

/** Line icons drawn for the app (24×24, currentColor). */
export const PATHS = {
  menu: 'M4 7h16M4 12h16M4 17h16',
  back: 'M15 5l-7 7 7 7',
  close: 'M6 6l12 12M18 6L6 18',
  home: 'M4 11l8-6 8 6v8a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z',
  shop: 'M5 8h14l-1 11a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zM9 8V6a3 3 0 0 1 6 0v2',
  scan: 'M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M7 12h10',
  cart: 'M3 4h2l2.4 11h10.2L20 8H6.3M9 20h.01M17 20h.01',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  share: 'M12 15V4M8 8l4-4 4 4M5 13v6a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-6',
  logout: 'M15 4h3a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-3M10 16l-4-4 4-4M6 12h10',
  chevron: 'M9 5l7 7-7 7',
  swap: 'M7 7h12l-3-3M17 17H5l3 3',
  news: 'M5 5h11v14H6a1 1 0 0 1-1-1zM16 9h3v9a1 1 0 0 1-1 1h-2M8 9h5M8 12h5M8 15h3',
  store: 'M4 9l1.5-5h13L20 9M4 9v10h16V9M4 9h16M10 19v-5h4v5',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  book: 'M5 5a2 2 0 0 1 2-2h12v16H7a2 2 0 0 0-2 2zM5 5v16',
  rules: 'M7 3h10v18l-5-3-5 3z',
  doc: 'M7 3h7l5 5v13H7zM14 3v5h5',
  support: 'M5 13v-2a7 7 0 0 1 14 0v2M5 13h3v5H6a1 1 0 0 1-1-1zM19 13h-3v5h2a1 1 0 0 0 1-1z',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18',
  offline: 'M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 4-2.3M19 12.5a10 10 0 0 0-3-2M12 20h.01',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6',
  spark: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
} as const;

export type IconName = keyof typeof PATHS;

export type LineIconProps = { size?: number; filled?: boolean } & SVGProps<SVGSVGElement>;

/** One 24×24 line icon drawn with currentColor from its path; `filled` fills it too. */
export function LineIcon({ d, size = 24, filled = false, ...rest }: { d: string } & LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, ...rest }: { name: IconName } & LineIconProps) {
  return <LineIcon d={PATHS[name]} {...rest} />;
}
