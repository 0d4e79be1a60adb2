import { afterAll, beforeAll } from 'vitest';
import { createMember, type TestMember } from './members';
import { makeTestServer, type TestServer } from './server';

/**
 * A server and one member for a whole test file: made before its tests, the server closed after.
 * The file keeps its own `s` and `m` and takes them in `use`: `withServerAndMember((x) => ({ s, m } = x))`.
 */
export function withServerAndMember(use: (made: { s: TestServer; m: TestMember }) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await makeTestServer();
    use({ s: server, m: await createMember(server) });
  });
  afterAll(() => server?.close());
}
