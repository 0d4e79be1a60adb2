import { clubConfig } from '../../api/config';

/** Spec §9 velo promo text as the server that serves the app has it (VELO_PROMO_CODE; src/domain/club-config.ts). */
export const VELO_PROMO: string = clubConfig.veloPromo;
