import { analyticsCalls } from '../../contract/analytics';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 analytics calls as typed functions: `analyticsApi(t).<call>(input, { idempotencyKey })`. */
export const analyticsApi = (t: Transport) => bindCalls(t, analyticsCalls);
