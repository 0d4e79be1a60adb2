/**
 * The page of the second brand's site the velo invite link opens (docs/api.md#invite get-velo-mgm). Set
 * VITE_VELO_MGM_URL at build for the real one; by default the reference server's local stand-in.
 */
export const VELO_MGM_SITE_URL: string =
  (import.meta.env.VITE_VELO_MGM_URL as string | undefined) || '/sandbox/ogo-store/velo-invite';
