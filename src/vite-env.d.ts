/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sent as `x-api-key` on every call (server: API_KEY). */
  readonly VITE_API_KEY?: string;
  /** API origin when it differs from the app's own. */
  readonly VITE_API_BASE?: string;
  /** Host where the app runs as the ogo variant: the variant switch is hidden there. */
  readonly VITE_OGO_HOST?: string;
  /** docs/rules.md#roles allow-list: the two phones that sign in without SMS (server TEST_PHONES), comma separated. */
  readonly VITE_TEST_PHONES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
