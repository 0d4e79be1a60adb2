import { veloCalls } from '../../contract/velo';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 velo calls as typed functions: `veloApi(t).<call>(input, { idempotencyKey })`. */
export const veloApi = (t: Transport) => bindCalls(t, veloCalls);
