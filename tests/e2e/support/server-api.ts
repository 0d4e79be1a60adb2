/** The app's API key as built (server default API_KEY). */
export const API_KEY = 'dev-public-key';

/**
 * A call to the real server as the app makes it (x-api-key and the member's bearer token), for
 * checking the server's state at the end of a test, never for driving the screens.
 */
export async function serverCall<T>(baseUrl: string, token: string | null, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-api-key': API_KEY,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The member's metafield `pwa`/`key` as the server holds it, parsed; null when unset. */
export async function serverMetafield(
  baseUrl: string,
  token: string,
  customerId: number,
  key: string,
  ogo = false,
): Promise<unknown> {
  const { metafields } = await serverCall<{ metafields: Array<{ namespace: string; key: string; value: string }> }>(
    baseUrl,
    token,
    '/api/user/get-metafields',
    {
      id: customerId,
      ...(ogo ? { ogo: true } : {}),
    },
  );
  const m = metafields.find((f) => f.namespace === 'pwa' && f.key === key);
  return m ? (JSON.parse(m.value) as unknown) : null;
}

/** The shop's back office hands an order over (the sandbox's /dev/orders/N/hand-over): a cash order is paid then. */
export async function handOverOrder(baseUrl: string, orderNumber: number): Promise<void> {
  const r = await fetch(`${baseUrl}/dev/orders/${orderNumber}/hand-over`, { method: 'POST' });
  if (!r.ok) throw new Error(`hand-over of №${orderNumber}: ${r.status} ${await r.text()}`);
}
