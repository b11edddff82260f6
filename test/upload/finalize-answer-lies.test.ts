// A service that lies in its finalize answer, under `validate: 'warn'` or `'off'` (the answer is
// then whatever JSON it sent): the upload checked with checkDigest never resolves, and it rejects
// with the typed UploadDigestMismatchError (a SeatpayError that says the file is not the source
// and what to do), never with a TypeError of reading the answer.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient, SeatpayError, UploadDigestMismatchError } from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';

const server = useMockServer();

/** A client whose finalize answers (POST .../chunk/upload) are replaced by `body`. */
function lyingClient(body: string, validate: 'warn' | 'off') {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await globalThis.fetch(request);
    const finalize = request.method === 'POST' && new URL(request.url).pathname.endsWith('/upload');
    if (!finalize || !response.ok) return response;
    await response.body?.cancel();
    const headers = { 'content-type': 'application/json' };
    return new Response(body, { status: response.status, headers });
  };
  const user = server().simulator.addUser({ email: `lies-${Math.random()}@example.com` });
  return createClient({
    baseUrl: server().url,
    token: user.token,
    validate,
    fetch,
    logLevel: 'off',
  });
}

const bytes = new Uint8Array(300).map((_, at) => at % 251);
const md5 = createHash('md5').update(bytes).digest('hex');

const lies = {
  'null instead of the file': ['null', 'undefined'],
  'a name that is an object': ['{"id":5,"name":{"toString":1}}', '{"toString":1}'],
  'a name that is a number': ['{"id":5,"name":12345}', '12345'],
  'no name': ['{"id":5}', 'undefined'],
} as const;

describe.each(['warn', 'off'] as const)("validate: '%s'", (validate) => {
  it.each(Object.entries(lies))(
    'finalize answering %s rejects, typed',
    async (_, [body, shown]) => {
      const client = lyingClient(body, validate);
      const error: unknown = await client.media
        .upload(bytes, { operation_type: 'media', filename: 'lie.png', checkDigest: true })
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(UploadDigestMismatchError);
      expect(error).toBeInstanceOf(SeatpayError);
      const mismatch = error as UploadDigestMismatchError;
      expect(mismatch.expectedMd5).toBe(md5);
      expect(mismatch.receivedMd5).toBe(shown);
      expect(mismatch.message).toMatch(/not the source.*upload the source again/);
    },
  );
});
