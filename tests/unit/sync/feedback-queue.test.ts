// @vitest-environment node
// (Node's Blob and FormData, as a browser has them: jsdom's Blob does not survive IndexedDB's structured clone.)
import { describe, expect, it } from 'vitest';
import { kvGet } from '../../../src/db/kv';
import { completeSignIn } from '../../../src/sync/auth/actions';
import { markFeedbackPromptShown, sendOnlineFeedback, sendStoreFeedback } from '../../../src/sync/programme/feedback';
import { FEEDBACK_DOCS } from '../../../src/sync/programme/keys';
import { DEMO, authHarness, signedIn } from './support/auth-env';

const entry = {
  id: 70,
  kind: 'online',
  shop: 'glo',
  orderId: 5,
  offlinePurchaseId: null,
  rating: 4,
  text: 'Добре',
  created_at: '2026-03-01T10:00:00.000Z',
  photos: [{ id: 1, mime: 'image/jpeg', size: 3 }],
  variant: 'glo' as const,
  orderNumber: 1005,
  store: null,
  boughtAt: '2026-02-28T10:00:00.000Z',
};

async function server(reply?: () => { status: number; body: unknown } | 'network-error') {
  let issued = 0;
  const h = authHarness({
    handlers: {
      '/api/feedback/get-auth': () => ({
        status: 200,
        body: { token: `fb-${++issued}`, expired_at: '2030-01-01T00:00:00.000Z' },
      }),
      '/api/feedback/send': () => reply?.() ?? { status: 200, body: { feedback: entry } },
      '/api/feedback/send-offline': () => ({
        status: 200,
        body: {
          feedback: {
            ...entry,
            id: 71,
            kind: 'offline',
            shop: 'offline',
            orderId: null,
            offlinePurchaseId: 9,
            photos: [],
            orderNumber: null,
            store: 'glo studio Київ',
            boughtAt: '2026-02-27T10:00:00.000Z',
          },
        },
      }),
      '/api/analytics/auth-bat': () => ({ status: 200, body: { ok: true } }),
      '/api/analytics/esputnik-event-login': () => ({ status: 200, body: { ok: true } }),
      '/api/analytics/esputnik-send-id': () => ({ status: 200, body: { ok: true } }),
    },
  });
  await completeSignIn(h.env, signedIn(), DEMO);
  const sends = () => h.seen.filter((r) => r.url.includes('/api/feedback/send'));
  return { h, sends };
}
const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });

describe('feedback is queued (docs/rules.md#entities: offline it waits with its photos and goes once)', () => {
  it('refuses an empty feedback and too many photos without queueing anything', async () => {
    const { h, sends } = await server();
    await expect(
      sendOnlineFeedback(h.env, 'glo', { orderId: 5, shop: 'glo', rating: null, text: 'Текст', photos: [] }),
    ).rejects.toMatchObject({ field: 'rating' });
    await expect(
      sendOnlineFeedback(h.env, 'glo', {
        orderId: 5,
        shop: 'glo',
        rating: 5,
        text: '',
        photos: new Array(6).fill(0).map(photo),
      }),
    ).rejects.toMatchObject({ field: 'photos' });
    expect(await h.db.outbox.where('kind').equals('feedback-send').count()).toBe(0);
    expect(await h.db.feedback.count()).toBe(0);
    expect(sends()).toHaveLength(0);
  });

  it('waits offline, then goes once as multipart with its photo and the token in the form, never the URL', async () => {
    const { h, sends } = await server();
    const { localId } = await sendOnlineFeedback(h.env, 'glo', {
      orderId: 5,
      shop: 'glo',
      rating: 4,
      text: '  Добре  ',
      photos: [photo()],
    });
    expect(await h.db.feedback.get(localId)).toMatchObject({
      state: 'waiting',
      orderId: 5,
      photoCount: 1,
      text: 'Добре',
    });
    // The page dies and comes back: the entry and its photo are still there.
    const stored = await h.db.outbox.where('kind').equals('feedback-send').first();
    expect((stored?.payload as { photos: Blob[] }).photos[0]?.size).toBe(6);

    await h.outbox.replay();
    await h.outbox.replay();
    expect(sends()).toHaveLength(1);
    const sent = sends()[0]!;
    expect(sent.url).toBe('/api/feedback/send');
    expect(sent.form).toEqual(
      expect.arrayContaining([
        ['orderId', '5'],
        ['rating', '4'],
        ['text', 'Добре'],
        ['shop', 'glo'],
        ['token', 'fb-1'],
        ['photos', 'file:image/jpeg:6'],
      ]),
    );
    expect(sent.headers['idempotency-key']).toBe(stored?.id);
    expect(await h.db.feedback.get(localId)).toMatchObject({ state: 'sent' });
    expect(
      ((await h.db.docs.get(['glo', FEEDBACK_DOCS.list]))?.value as { feedback: Array<{ id: number }> }).feedback.map(
        (f) => f.id,
      ),
    ).toEqual([70]);
  });

  it('a lost answer is resent under the same key (the server answers once); a refusal is kept with its reason', async () => {
    let n = 0;
    const { h, sends } = await server(() =>
      ++n === 1
        ? 'network-error'
        : n === 2
          ? { status: 200, body: { feedback: entry } }
          : { status: 409, body: { error: { code: 'feedback_exists', message: 'Відгук на цю покупку вже залишено' } } },
    );
    const a = await sendOnlineFeedback(h.env, 'glo', { orderId: 5, shop: 'glo', rating: 4, text: '', photos: [] });
    await h.outbox.sendNow();
    await h.outbox.sendNow();
    expect(sends().map((s) => s.headers['idempotency-key'])).toEqual([
      sends()[0]!.headers['idempotency-key'],
      sends()[0]!.headers['idempotency-key'],
    ]);
    expect(await h.db.feedback.get(a.localId)).toMatchObject({ state: 'sent' });

    const b = await sendOnlineFeedback(h.env, 'glo', { orderId: 5, shop: 'glo', rating: 2, text: '', photos: [] });
    await h.outbox.sendNow();
    expect(await h.db.feedback.get(b.localId)).toMatchObject({
      state: 'refused',
      message: 'Відгук на цю покупку вже залишено',
    });
  });

  it('a dead feedback token (401) gets a new one and the feedback a new key, once', async () => {
    let n = 0;
    const { h, sends } = await server(() =>
      ++n === 1
        ? { status: 401, body: { error: { code: 'feedback_unauthenticated', message: 'Сесія' } } }
        : { status: 200, body: { feedback: entry } },
    );
    const { localId } = await sendOnlineFeedback(h.env, 'glo', {
      orderId: 5,
      shop: 'glo',
      rating: 5,
      text: '',
      photos: [],
    });
    await h.outbox.sendNow();
    await h.outbox.sendNow();
    const tokens = sends().map((s) => s.form?.find(([k]) => k === 'token')?.[1]);
    expect(tokens).toEqual(['fb-1', 'fb-2']);
    expect(new Set(sends().map((s) => s.headers['idempotency-key'])).size).toBe(2);
    expect(await h.db.feedback.get(localId)).toMatchObject({ state: 'sent' });
  });

  it('in-store feedback goes with the member’s phone as the contact', async () => {
    const { h } = await server();
    await sendStoreFeedback(h.env, 'glo', { purchaseId: 9, rating: 5, text: 'Чудовий магазин' });
    await h.outbox.sendNow();
    expect(h.bodyOf('/api/feedback/send-offline')).toEqual({
      purchaseId: 9,
      rating: 5,
      text: 'Чудовий магазин',
      phone: DEMO,
      token: 'fb-1',
    });
  });

  it('the popup (docs/rules.md#entities) remembers the orders it asked about', async () => {
    const { h } = await server();
    await markFeedbackPromptShown(h.env, 5);
    await markFeedbackPromptShown(h.env, 5);
    await markFeedbackPromptShown(h.env, 6);
    expect(await kvGet(h.db, 'feedbackPromptShown')).toEqual([5, 6]);
  });
});
