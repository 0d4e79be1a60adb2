/**
 * Screens with their own page module: route path → source file. Plain data, so tools (the
 * bundle benchmark) can read it; every other route shows its feature's page frame.
 */
export const PAGE_SOURCES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/is18': 'src/features/auth/is18-page.tsx',
};

export const FRAME_SOURCE = 'src/features/frames/frame-page.tsx';
