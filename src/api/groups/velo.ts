import { veloCalls } from '../../contract/velo';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The velo calls (docs/api.md#velo) as typed functions: `veloApi(t).<call>(input, { idempotencyKey })`. */
export const veloApi = (t: Transport) => bindCalls(t, veloCalls);
