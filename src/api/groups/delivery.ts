import { deliveryCalls } from '../../contract/delivery';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 delivery calls as typed functions: `deliveryApi(t).<call>(input, { idempotencyKey })`. */
export const deliveryApi = (t: Transport) => bindCalls(t, deliveryCalls);
