import { feedbackCalls } from '../../contract/feedback';
import { bindCalls } from '../bind';
import type { Transport } from '../transport';

/** The spec §7 feedback calls as typed functions: `feedbackApi(t).<call>(input, { idempotencyKey })`. */
export const feedbackApi = (t: Transport) => bindCalls(t, feedbackCalls);
