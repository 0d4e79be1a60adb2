import { certCalls } from '../../contract/cert';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The cert calls (docs/api.md#certificates) as typed functions: `certApi(t).<call>(input, { idempotencyKey })`. */
export const certApi = (t: Transport) => bindCalls(t, certCalls);
