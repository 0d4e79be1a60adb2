import { clubConfig } from '../../../state/club-config';
import { VELO_PROMO_DEFAULT } from '../../../domain/cart/velo-promo';

/** docs/rules.md#constants velo promo text as the server that serves the app has it (VELO_PROMO_CODE; src/domain/club/club-config.ts), else VELO-20%. */
export const VELO_PROMO: string = clubConfig.veloPromo || VELO_PROMO_DEFAULT;
