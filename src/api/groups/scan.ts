import { scanCalls } from '../../contract/scan';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The scan calls (docs/api.md#scan) as typed functions: `scanApi(t).<call>(input, { idempotencyKey })`. */
export const scanApi = (t: Transport) => bindCalls(t, scanCalls);
