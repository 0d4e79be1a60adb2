import { feedbackCalls } from '../../contract/feedback';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The feedback calls (docs/api.md#feedback) as typed functions: `feedbackApi(t).<call>(input, { idempotencyKey })`. */
export const feedbackApi = (t: Transport) => bindCalls(t, feedbackCalls);
