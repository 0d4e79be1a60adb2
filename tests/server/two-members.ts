import { createMember, type TestMember } from '../support/members';
import { makeTestServer, type TestServer } from '../support/server';

/** A fresh test server with two members, `a` and `b`, for a file's `beforeAll`; close `s` in its `afterAll`. */
export async function serverWithTwoMembers(): Promise<{ s: TestServer; a: TestMember; b: TestMember }> {
  const s = await makeTestServer();
  return { s, a: await createMember(s), b: await createMember(s) };
}
