import { certCalls } from '../../contract/cert';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 cert calls as typed functions: `certApi(t).<call>(input, { idempotencyKey })`. */
export const certApi = (t: Transport) => bindCalls(t, certCalls);
