import { shopCalls } from '../../contract/shop';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The shop calls (docs/api.md#shop) as typed functions: `shopApi(t).<call>(input, { idempotencyKey })`. */
export const shopApi = (t: Transport) => bindCalls(t, shopCalls);
