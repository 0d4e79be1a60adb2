/**
 * Build-time settings of the API client. Only the app's entry points (`startSync`, the service
 * worker) read this file, so that code shared with Node tests never touches `import.meta.env`.
 */
export const apiConfig = {
  /** Sent as `x-api-key` (server: API_KEY). */
  apiKey: import.meta.env.VITE_API_KEY ?? 'dev-public-key',
  /** API origin; '' for the app's own origin. */
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
} as const;
