import { engagementCalls } from '../../contract/engagement';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The API (docs/api.md#calls) engagement calls as typed functions: `engagementApi(t).<call>(input, { idempotencyKey })`. */
export const engagementApi = (t: Transport) => bindCalls(t, engagementCalls);
