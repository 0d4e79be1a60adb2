import { shopCalls } from '../../contract/shop';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 shop calls as typed functions: `shopApi(t).<call>(input, { idempotencyKey })`. */
export const shopApi = (t: Transport) => bindCalls(t, shopCalls);
