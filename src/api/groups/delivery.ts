import { deliveryCalls } from '../../contract/delivery';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The delivery calls (docs/api.md#delivery) as typed functions: `deliveryApi(t).<call>(input, { idempotencyKey })`. */
export const deliveryApi = (t: Transport) => bindCalls(t, deliveryCalls);
