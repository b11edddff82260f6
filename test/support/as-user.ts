// A client holding a token of the test's choosing (a short one, `ai`; a rotated one) while the
// simulator sees its user's own: the journal hides and digests with the client's token, the
// service authenticates the user.
import type { ClientOptions } from '../../src/index.js';

/**
 * A `fetch` that hands every request to `handle` (the simulator's, or a test's around it) as
 * `userToken`'s, whatever token the client holds.
 */
export function asUser(
  userToken: string,
  handle: (request: Request) => Promise<Response>,
): NonNullable<ClientOptions['fetch']> {
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.set('authorization', `Bearer ${userToken}`);
    return handle(request);
  };
}
