import { VELO_PROMO_DEFAULT } from '../../domain/velo-promo';

// As built; keep it equal to the server's VELO_PROMO_CODE (the server decides with its own).
const env = import.meta.env as Record<string, string | undefined>;

/** Spec §9 velo promo text: VITE_VELO_PROMO_CODE (VELO-20%). */
export const VELO_PROMO: string = env.VITE_VELO_PROMO_CODE?.trim() || VELO_PROMO_DEFAULT;
