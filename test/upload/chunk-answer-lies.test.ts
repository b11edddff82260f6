// What a chunk's answer says it was stored as, attacked further than the misfiled index
// (misfiled-chunk-answer.test.ts): a proxy that files a chunk under another upload's name (the
// deployed server echoes the name it filed it under), and an answer whose index comes quoted or
// otherwise not as an integer under `validate: 'off'`. Each rejects with a typed UploadError
// before finalize, its resume record gone; checkDigest is off (the spec profile's default), so
// nothing else would notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SeatpayError, UploadError, type MediaFile } from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const CHUNK = 100;
const operationTypes = { tiny: { chunk_size: CHUNK, max_chunks: null } };
let deployed: MockServer;
let spec: MockServer;
beforeAll(async () => {
  deployed = await startMockServer({ profile: 'deployed', operationTypes });
  spec = await startMockServer({ operationTypes });
});
afterAll(async () => {
  await deployed.close();
  await spec.close();
});

const isChunk = (request: Request) =>
  request.method !== 'GET' && new URL(request.url).pathname.endsWith('/chunk');

/** Sends `form` in place of the request's own (the form's boundary is fetch's to write). */
function sendForm(request: Request, form: FormData): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('content-type');
  return globalThis.fetch(request.url, { method: request.method, headers, body: form });
}

/** A proxy that files chunk 1 under `other`, another upload's name (the service's answer says so). */
function renamingClient(server: MockServer, profile: 'deployed' | 'spec') {
  const finalizes: number[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!isChunk(request)) {
      const response = await globalThis.fetch(request);
      if (request.method !== 'GET') finalizes.push(response.status);
      return response;
    }
    const form = await request.formData();
    const part = form.get('chunk') as File;
    if (form.get('chunk_index') === '1') form.set('chunk', part, 'other.0123456789abcdef0123.png');
    return sendForm(request, form);
  };
  const user = server.simulator.addUser({ email: `rename-${Math.random()}@example.com` });
  const client = createClient({
    baseUrl: server.url,
    token: user.token,
    profile,
    fetch,
    logLevel: 'off',
    retryBaseDelay: 1,
  });
  return { client, finalizes };
}

const outcomeOf = (upload: Promise<MediaFile>) =>
  upload.then(
    (file) => file,
    (error: unknown) => error,
  );

describe("a chunk answer naming another upload's name (profile 'deployed')", () => {
  it('rejects with UploadError before finalize, its resume record gone', async () => {
    const { client, finalizes } = renamingClient(deployed, 'deployed');
    const { store, records } = memoryUploadStore();
    const outcome = await outcomeOf(
      client.media.upload(bytesOf(3 * CHUNK), {
        operation_type: 'tiny',
        filename: 'renamed.png',
        concurrency: 1,
        checkDigest: false,
        resume: { store, key: 'renamed' },
      }),
    );
    expect(outcome).toBeInstanceOf(UploadError);
    const error = outcome as UploadError;
    expect(error.failedChunks).toEqual([1]);
    expect(error.message).toMatch(
      /acknowledged chunk 1 under the name "other\.0123456789abcdef0123\.png", not this upload's "renamed\.[0-9a-f]+\.png"/,
    );
    expect(error.message).toMatch(/another upload's file.*not the source.*upload it again/);
    expect(finalizes).toEqual([]);
    // A record keeping chunk 1 as acknowledged would make every resume finalize without it.
    expect([...records.keys()]).toEqual([]);
  });
});

describe("profile 'spec' (SERVICE.md does not say what a chunk's name is)", () => {
  it('the name is not checked: the finalize answer decides, as before', async () => {
    const { client, finalizes } = renamingClient(spec, 'spec');
    const outcome = await outcomeOf(
      client.media.upload(bytesOf(3 * CHUNK), {
        operation_type: 'tiny',
        filename: 'renamed.png',
        concurrency: 1,
      }),
    );
    // The service misses chunk 1 under this upload's name and refuses to assemble it.
    expect(outcome).toBeInstanceOf(SeatpayError);
    expect(outcome).toMatchObject({
      // review16b: not "a service drops the chunks of an upload left unfinished": this call sent them.
      message: expect.stringMatching(/though this call sent every chunk.*may fail the same way/),
      cause: { status: 400, message: expect.stringMatching(/1\/3 chunks are missing/) },
      // redteam48: said in a field, not only in words (`seatpay upload` read the words).
      sentEveryChunk: true,
    });
    expect(finalizes).toHaveLength(1);
  });
});

/**
 * A proxy that swaps chunks 1 and 2 on their way in and answers with `chunk_index` rewritten by
 * `answer` (a gateway re-encoding JSON, a lying server), under `validate: 'off'`.
 */
function swappingClient(answer: (index: number) => unknown) {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!isChunk(request)) return globalThis.fetch(request);
    const form = await request.formData();
    const swapped = { '1': '2', '2': '1' }[String(form.get('chunk_index'))];
    if (swapped) form.set('chunk_index', swapped);
    const response = await sendForm(request, form);
    if (!response.ok) return response;
    const record = (await response.json()) as { chunk_index: number };
    const body = JSON.stringify({ ...record, chunk_index: answer(record.chunk_index) });
    const headers = { 'content-type': 'application/json' };
    return new Response(body, { status: response.status, headers });
  };
  const user = spec.simulator.addUser({ email: `index-${Math.random()}@example.com` });
  return createClient({
    baseUrl: spec.url,
    token: user.token,
    validate: 'off',
    fetch,
    logLevel: 'off',
  });
}

describe("a chunk answer's index that is no integer (validate: 'off')", () => {
  const upload = (answer: (index: number) => unknown) =>
    outcomeOf(
      swappingClient(answer).media.upload(bytesOf(4 * CHUNK), {
        operation_type: 'tiny',
        filename: 'index.png',
        concurrency: 1,
        checkDigest: false,
      }),
    );

  it('quoted ("2" for chunk 1): the same check as a number', async () => {
    const outcome = await upload((index) => String(index));
    expect(outcome).toBeInstanceOf(UploadError);
    expect((outcome as UploadError).message).toMatch(/acknowledged chunk 1 as chunk "2"/);
  });

  it.each([
    ['negative', () => -1, /as chunk -1/],
    ['text', () => 'first', /as chunk "first"/],
    ['a fraction', (index: number) => index + 0.5, /as chunk 0\.5/],
    ['null', () => null, /as chunk null/],
  ])('%s: rejects, nothing finalized', async (_, answer, said) => {
    const outcome = await upload(answer);
    expect(outcome).toBeInstanceOf(UploadError);
    expect((outcome as UploadError).failedChunks).toEqual([0]);
    expect((outcome as UploadError).message).toMatch(said);
  });

  it('the right index quoted is the same index: the upload succeeds when nothing was swapped', async () => {
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await globalThis.fetch(request);
      if (!isChunk(request) || !response.ok) return response;
      const record = (await response.json()) as { chunk_index: number };
      const body = JSON.stringify({ ...record, chunk_index: String(record.chunk_index) });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const user = spec.simulator.addUser({ email: `quoted-${Math.random()}@example.com` });
    const client = createClient({ baseUrl: spec.url, token: user.token, validate: 'off', fetch });
    const bytes = bytesOf(3 * CHUNK);
    const file = await client.media.upload(bytes, { operation_type: 'tiny', filename: 'q.png' });
    expect(Buffer.from(spec.simulator.fileBytes(file.id)).equals(Buffer.from(bytes))).toBe(true);
  });
});
