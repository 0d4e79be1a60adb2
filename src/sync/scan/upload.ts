import { ApiCallError, parseRetryAfter } from '../../api/errors';
import { apiConfig } from '../../api/config';
import { multiscanLoad } from '../../contract/scan';
import type { ClubDb } from '../../db/database';
import { kvGet } from '../../db/kv';
import type { OutboxEntry } from '../../db/rows-sync';
import { classifyFailure } from '../engine/classify';
import { OUTBOX_LOCK } from '../engine/lock';
import { multiscanKind, multiscanRequest, queueMultiscan, type MultiscanPayload } from '../mutations/scan/multiscan';
import type { ScanVariant } from '../mutations/scan/shared';
import type { OnlineSource } from '../engine/online';
import { accountOf, bearerToken } from '../auth/session';
import { markViewsDue, viewsOfEntry } from '../engine/views';

/** How a photo's sending ended for the screen: read by the server, queued for later, or refused. */
export type PhotoSendResult =
  | { state: 'sent'; rowId: string }
  | { state: 'waiting'; rowId: string }
  | { state: 'refused'; rowId: string; reason: string };

interface XhrAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
}

/** POST with upload progress (fetch reports none): `onProgress` gets 0..1. Rejects when no answer came. */
function postWithProgress(
  url: string,
  body: string,
  headers: Record<string, string>,
  onProgress: (share: number) => void,
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('retry-after') });
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(body);
  });
}

function errorOf(a: XhrAnswer): ApiCallError {
  let code = `http_${a.status}`;
  let message = 'Сервер відхилив фото';
  try {
    const e = (JSON.parse(a.text) as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof e?.code === 'string') code = e.code;
    if (typeof e?.message === 'string') message = e.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ApiCallError('http', a.status, code, message, parseRetryAfter(a.retryAfter));
}

/**
 * Sends a multi-scan photo: queued in the outbox like every mutation, and, when
 * online, uploaded at once by this page with upload progress under the entry's key while it
 * holds the outbox's lock (so the replayer cannot send it at the same moment). The answer is
 * settled as the outbox would: applied and the entry deleted, or failed and undone; anything
 * else (no answer, 5xx, 429) leaves the entry to the outbox, which sends the same body under the
 * same key, so the server credits the photo once whatever happened. Offline, or without Web
 * Locks, the photo just waits in the outbox.
 */
export async function sendMultiscanPhoto(
  env: { db: ClubDb; online: OnlineSource },
  variant: ScanVariant,
  image: string,
  preview: string | null,
  onProgress: (share: number) => void,
): Promise<PhotoSendResult> {
  const { db } = env;
  const account = await accountOf(db, variant);
  if (!account) throw new Error('Потрібно увійти');
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!env.online.isOnline() || !locks) {
    const entry = await queueMultiscan(db, account, image, preview);
    return { state: 'waiting', rowId: entry.payload.rowId };
  }
  return locks.request(OUTBOX_LOCK, async (): Promise<PhotoSendResult> => {
    const entry = await queueMultiscan(db, account, image, preview);
    const rowId = entry.payload.rowId;
    const request = multiscanRequest(entry, (await kvGet(db, 'phone')) ?? '');
    if (!multiscanLoad.request.safeParse(request).success) return { state: 'waiting', rowId };
    const token = await bearerToken(db);
    const headers: Record<string, string> = {
      'x-api-key': apiConfig.apiKey,
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': entry.id,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    let answer: XhrAnswer;
    try {
      answer = await postWithProgress(
        apiConfig.baseUrl + multiscanLoad.path,
        JSON.stringify(request),
        headers,
        onProgress,
      );
    } catch {
      return { state: 'waiting', rowId };
    }
    const tables = [db.outbox, db.kv, ...multiscanKind.tables.map((t) => db.table(t))];
    if (answer.status >= 200 && answer.status < 300) {
      let data: unknown;
      try {
        data = JSON.parse(answer.text);
      } catch {
        return { state: 'waiting', rowId };
      }
      const parsed = multiscanLoad.response.safeParse(data);
      if (!parsed.success) return { state: 'waiting', rowId };
      await db.transaction('rw', tables, async () => {
        const current = (await db.outbox.get(entry.id)) as OutboxEntry<MultiscanPayload> | undefined;
        if (!current) return;
        await multiscanKind.apply?.(parsed.data, current, db);
        await db.outbox.delete(entry.id);
        await markViewsDue(db, viewsOfEntry(multiscanKind.views, current));
      });
      return { state: 'sent', rowId };
    }
    const outcome = classifyFailure(errorOf(answer), multiscanKind as never, entry, Date.now());
    if (outcome.action !== 'fail') return { state: 'waiting', rowId };
    await db.transaction('rw', tables, async () => {
      const current = (await db.outbox.get(entry.id)) as OutboxEntry<MultiscanPayload> | undefined;
      if (!current) return;
      await db.outbox.put({ ...current, state: 'failed', attempts: current.attempts + 1, lastError: outcome.error });
      await multiscanKind.undo?.(current, db);
      await markViewsDue(db, viewsOfEntry(multiscanKind.views, current));
    });
    return { state: 'refused', rowId, reason: outcome.error.message };
  });
}
