import { scanCalls } from '../../contract/scan';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 scan calls as typed functions: `scanApi(t).<call>(input, { idempotencyKey })`. */
export const scanApi = (t: Transport) => bindCalls(t, scanCalls);
