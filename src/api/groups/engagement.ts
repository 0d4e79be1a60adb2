import { engagementCalls } from '../../contract/engagement';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The engagement calls (docs/api.md#engagement) as typed functions: `engagementApi(t).<call>(input, { idempotencyKey })`. */
export const engagementApi = (t: Transport) => bindCalls(t, engagementCalls);
