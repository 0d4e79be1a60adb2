import { clubConfig } from '../state/club-config';

const env = import.meta.env as Record<string, string | undefined>;

/** The API client's settings in the page. */
export const apiConfig = {
  /** Sent as `x-api-key` (server: API_KEY). */
  apiKey: clubConfig.apiKey,
  /** API origin; '' for the app's own origin. */
  baseUrl: env.VITE_API_BASE ?? '',
} as const;
