// `GET /api/feedback/get-photo?id=&token=` put the feedback token in the
// query string, so it landed in access and proxy logs. The photo is now readable with the bearer
// token alone, and a token sent in the URL is refused rather than used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackGetPhoto } from '../../../src/contract/feedback';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { addOrder, feedbackToken, pngBytes, sendFeedback } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
let photoId: string;
let aTok: string;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s);
  b = await createMember(s);
  aTok = await feedbackToken(s, a);
  const order = await addOrder(s, a.glo.id);
  const sent = await sendFeedback(s, a, {
    query: {},
    fields: { orderId: String(order), rating: '5', shop: 'glo', token: aTok },
    files: [{ bytes: pngBytes(), name: 'p.png', type: 'image/png' }],
  });
  expect(sent.status).toBe(200);
  photoId = String(sent.body.feedback.photos[0].id);
});
afterAll(() => s.close());

describe('defect 7: no feedback token in a URL (get-photo)', () => {
  it('the contract names no token among the query parameters of get-photo', () => {
    expect(Object.keys(feedbackGetPhoto.request.def.shape)).toEqual(['id']);
  });

  it('gives the owner the photo with the bearer token alone', async () => {
    const r = await s.get('/api/feedback/get-photo', { id: photoId }, a.token);
    expect(r.status).toBe(200);
    expect(Buffer.from(r.body.data, 'base64').equals(Buffer.from(pngBytes()))).toBe(true);
  });

  it('refuses a feedback token in the query string with 400 token_in_url, even a live one', async () => {
    const r = await s.get('/api/feedback/get-photo', { id: photoId, token: aTok }, a.token);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('token_in_url');
    expect(r.body).not.toHaveProperty('data');
  });

  it('still keeps the photo from another member and from no one', async () => {
    expect((await s.get('/api/feedback/get-photo', { id: photoId }, b.token)).status).toBe(403);
    expect((await s.get('/api/feedback/get-photo', { id: photoId })).status).toBe(401);
  });
});
