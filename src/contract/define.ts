import * as z from 'zod/mini';

/** Who may make a call: anyone with the API key, or a signed-in member (bearer token). */
export type CallAuth = 'public' | 'member';

/**
 * One server call of the API (docs/api.md#calls): its method, path, the schema of what is sent
 * (JSON body for POST, query string for GET) and of what comes back on success.
 * The app validates with these on the way in and out; the server validates bodies
 * with the same objects, so the two cannot drift apart.
 */
export interface CallDef<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
  A extends CallAuth = CallAuth,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly auth: A;
  /** Changes state on the server: accepts an Idempotency-Key and is queued by the outbox when offline. */
  readonly mutation: boolean;
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  /** Request body is multipart/form-data rather than JSON (feedback with photos). */
  readonly multipart?: boolean;
  /**
   * Error code of the 401 for a missing or dead bearer token. docs/rules.md#error-reactions: certificate and
   * metafield calls answer `UNAUTHORIZED_IN_APP`, and the app then logs out.
   */
  readonly unauthenticatedCode?: string;
}

export type CallRequest<C extends CallDef> = z.input<C['request']>;
export type CallResponse<C extends CallDef> = z.output<C['response']>;

export function defineCall<Req extends z.ZodMiniType, Res extends z.ZodMiniType, A extends CallAuth>(
  def: CallDef<Req, Res, A>,
): CallDef<Req, Res, A> {
  return def;
}

/** The one error shape of every failed call (docs/rules.md#error-reactions: a response with an `error` field). */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** Common field helpers. */
export const isoDateTime = z.string().check(z.minLength(10));
export const expiringToken = z.object({ token: z.string(), expired_at: isoDateTime });
/** The `{product}` flag of docs/rules.md#roles, docs/api.md#shop: true when the call concerns the ogo variant. */
export const ogoFlag = z.optional(z.boolean());
export const ok = z.object({ ok: z.literal(true) });
