// A resume lock found lost after the service answered finalize (the holder paused right after it,
// a sibling took the record over): the upload's file exists by then. Its own outcome is what the
// call must say: a finalize answer whose md5 is not the source's rejected with
// UploadTakenOverError ("run the upload again") instead of UploadDigestMismatchError ("file N
// exists and is not the source"), so the wrong file on the service went unmentioned.
import { describe, expect, it } from 'vitest';
import {
  createClient,
  UploadDigestMismatchError,
  UploadTakenOverError,
  type UploadStore,
} from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';
import { memoryUploadStore } from './support/upload-kit.js';

const server = useMockServer();

describe('a lock lost once the service answered finalize', () => {
  it('the finalize answer decides: a file that is not the source rejects with UploadDigestMismatchError', async () => {
    let finalized = false;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await globalThis.fetch(request);
      const finalize =
        request.method === 'POST' && new URL(request.url).pathname.endsWith('/upload');
      if (!finalize || !response.ok) return response;
      const file = (await response.json()) as Record<string, unknown>;
      finalized = true;
      // The service assembled other bytes: it names the file by their md5.
      const body = JSON.stringify({ ...file, name: '0'.repeat(32) });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const user = server().simulator.addUser({ email: `lost-after-${Math.random()}@example.com` });
    const client = createClient({
      baseUrl: server().url,
      token: user.token,
      validate: 'off',
      fetch,
      logLevel: 'off',
    });
    const { store: records } = memoryUploadStore();
    const store: UploadStore = {
      ...records,
      // Held until the finalize answer came; another upload's from then on.
      lock: async () => Object.assign(async () => undefined, { held: async () => !finalized }),
    };
    const bytes = new Uint8Array(300).map((_, at) => at % 251);
    const error: unknown = await client.media
      .upload(bytes, {
        operation_type: 'media',
        filename: 'lost-after.png',
        checkDigest: true,
        resume: { store, key: 'lost-after' },
      })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(finalized).toBe(true);
    expect(error).not.toBeInstanceOf(UploadTakenOverError);
    expect(error).toBeInstanceOf(UploadDigestMismatchError);
    expect((error as UploadDigestMismatchError).receivedMd5).toBe('0'.repeat(32));
  });
});
