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

// The message says what happened whatever the answer left out: "file undefined exists on the
// service" named no file and read as if one had been found.
describe("the mismatch's message when the answer leaves things out (validate: 'off')", () => {
  const upload = (body: string) =>
    lyingClient(body, 'off')
      .media.upload(bytes, { operation_type: 'media', filename: 'lie.png', checkDigest: true })
      .then(
        () => expect.unreachable('resolved'),
        (thrown: unknown) => thrown as UploadDigestMismatchError,
      );

  it('no id: says the answer gave none, never "file undefined"', async () => {
    const error = await upload('{"name":"0123456789abcdef0123456789abcdef"}');
    expect(error).toBeInstanceOf(UploadDigestMismatchError);
    expect(error.fileId).toBeUndefined();
    expect(error.message).not.toMatch(/undefined/);
    expect(error.message).toMatch(/gives no file id/);
    expect(error.message).toMatch(/its md5 is 0123456789abcdef0123456789abcdef/);
    expect(error.message).toMatch(/upload the source again/);
  });

  it('neither id nor name: says both, and what to do', async () => {
    const error = await upload('null');
    expect(error.message).not.toMatch(/file undefined|md5 is undefined/);
    expect(error.message).toMatch(/gives no file id.*names it by no md5/);
    expect(error.message).toContain(`the source's is ${md5}`);
  });

  it('an id and no name: names the file, says it has no md5', async () => {
    const error = await upload('{"id":5}');
    expect(error.fileId).toBe(5);
    expect(error.message).toMatch(
      /file 5 exists on the service, but its answer names it by no md5/,
    );
  });

  it('an id that is no number is not taken for one', async () => {
    const error = await upload('{"id":"5; drop","name":"x"}');
    expect(error.fileId).toBeUndefined();
    expect(error.message).toMatch(/gives no file id/);
  });
});
