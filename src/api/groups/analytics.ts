import { analyticsCalls } from '../../contract/analytics';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The analytics calls (docs/api.md#analytics) as typed functions: `analyticsApi(t).<call>(input, { idempotencyKey })`. */
export const analyticsApi = (t: Transport) => bindCalls(t, analyticsCalls);
