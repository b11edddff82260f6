import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ResponseValidationError,
  type ChunkRecord,
  type MediaFile,
  type OperationType,
} from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';
import {
  CHUNK_RECORD,
  expectJsonRequest,
  expectNoBody,
  expectRejectedBeforeSending,
  expectStandardHeaders,
  MEDIA_FILE,
  onlyRequest,
  sent,
} from './fixtures.js';

const service = useMockService();
const { server, seen } = service;

const META = { slug: 'intro-talk', name: 'Intro talk', categories: ['video', 'talks'], academy: 7 };

function chunkOf(size: number): Blob {
  return new Blob([new Uint8Array(size).fill(7)], { type: 'video/mp4' });
}

describe('media.operationTypes', () => {
  it('sends GET /v2/media/operationtype and resolves to the names', async () => {
    server.use(answer('GET /v2/media/operationtype', ['media', 'proof-of-payment']));
    const names = await testClient().media.operationTypes();

    const request = await onlyRequest(service);
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v2/media/operationtype');
    expectStandardHeaders(request);
    expectNoBody(request);
    expectTypeOf(names).toEqualTypeOf<string[]>();
    expect(names).toEqual(['media', 'proof-of-payment']);
  });

  it('rejects a listing that is not an array of strings', async () => {
    server.use(answer('GET /v2/media/operationtype', ['media', 3]));
    const error = await testClient()
      .media.operationTypes()
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual([1]);
  });
});

describe('media.operationType', () => {
  it('sends GET /v2/media/operationtype/{name} and resolves to its settings', async () => {
    server.use(
      answer('GET /v2/media/operationtype/:name', { chunk_size: 10485760, max_chunks: null }),
    );
    const settings = await testClient().media.operationType('media');

    const request = await onlyRequest(service);
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v2/media/operationtype/media');
    expectStandardHeaders(request);
    expectTypeOf(settings).toEqualTypeOf<OperationType>();
    expectTypeOf(settings.max_chunks).toEqualTypeOf<number | null>();
    expect(settings).toEqual({ chunk_size: 10485760, max_chunks: null });
  });

  it('encodes the name in the path', async () => {
    server.use(answer('GET /v2/media/operationtype/:name', { chunk_size: 1024, max_chunks: 25 }));
    await testClient().media.operationType('profile picture/v2');
    const request = await onlyRequest(service);
    expect(request.path).toBe('/v2/media/operationtype/profile%20picture%2Fv2');
  });

  it('rejects an empty name before sending anything', async () => {
    await expectRejectedBeforeSending(testClient().media.operationType(''), 'operation_type', seen);
  });

  it('rejects settings whose chunk_size is not an integer, naming it', async () => {
    server.use(
      answer('GET /v2/media/operationtype/:name', { chunk_size: '10MB', max_chunks: null }),
    );
    const error = await testClient()
      .media.operationType('media')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([
      ['chunk_size'],
    ]);
  });
});

describe('media.uploadChunk', () => {
  it('sends POST /v2/media/me/chunk as multipart with the fields as strings and the chunk part', async () => {
    server.use(answer('POST /v2/media/me/chunk', CHUNK_RECORD, { status: 201 }));
    const record = await testClient().media.uploadChunk({
      operation_type: 'media',
      total_chunks: 3,
      chunk_index: 1,
      chunk: chunkOf(1536),
    });

    const request = await onlyRequest(service);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/media/me/chunk');
    expectStandardHeaders(request);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.academy).toBeUndefined();
    expect(request.body).toEqual({
      operation_type: 'media',
      total_chunks: '3',
      chunk_index: '1',
      chunk: { size: 1536, name: 'chunk' },
    });

    expectTypeOf(record).toEqualTypeOf<ChunkRecord>();
    expect(record).toEqual(CHUNK_RECORD);
  });

  it("keeps a File's own name on the chunk part", async () => {
    server.use(answer('POST /v2/media/me/chunk', CHUNK_RECORD, { status: 201 }));
    const chunk = new File([new Uint8Array(10)], 'talk.mp4', { type: 'video/mp4' });
    await testClient().media.uploadChunk({
      operation_type: 'media',
      total_chunks: 1,
      chunk_index: 0,
      chunk,
    });

    const request = await onlyRequest(service);
    expect((request.body as { chunk: unknown }).chunk).toEqual({ size: 10, name: 'talk.mp4' });
  });

  it('goes to /v2/media/academy/chunk with the Academy header when the client has an academy', async () => {
    server.use(
      answer(
        'POST /v2/media/academy/chunk',
        { ...CHUNK_RECORD, academy: 'downtown' },
        { status: 201 },
      ),
    );
    const record = await testClient({ academy: 7 }).media.uploadChunk({
      operation_type: 'media',
      total_chunks: 3,
      chunk_index: 0,
      chunk: chunkOf(100),
    });

    const request = await onlyRequest(service);
    expect(request.path).toBe('/v2/media/academy/chunk');
    expect(request.headers.academy).toBe('7');
    expect(request.body).toMatchObject({ total_chunks: '3', chunk_index: '0' });
    // On the academy endpoint the server names the academy by its slug.
    expect(record.academy).toBe('downtown');
  });

  it("prefers the call's academy to the client's", async () => {
    server.use(answer('POST /v2/media/academy/chunk', CHUNK_RECORD, { status: 201 }));
    await testClient({ academy: 7 }).media.uploadChunk({
      operation_type: 'media',
      total_chunks: 3,
      chunk_index: 2,
      chunk: chunkOf(100),
      academy: 9,
    });

    const request = await onlyRequest(service);
    expect(request.path).toBe('/v2/media/academy/chunk');
    expect(request.headers.academy).toBe('9');
  });

  it('uses the academy endpoint for an academy given on the call only', async () => {
    server.use(answer('POST /v2/media/academy/chunk', CHUNK_RECORD, { status: 201 }));
    await testClient().media.uploadChunk({
      operation_type: 'media',
      total_chunks: 1,
      chunk_index: 0,
      chunk: chunkOf(1),
      academy: 4,
    });

    const request = await onlyRequest(service);
    expect(request.path).toBe('/v2/media/academy/chunk');
    expect(request.headers.academy).toBe('4');
  });

  it.each([
    [3, 3],
    [4, 3],
  ])(
    'rejects chunk_index %d with total_chunks %d before sending anything',
    async (chunk_index, total_chunks) => {
      await expectRejectedBeforeSending(
        testClient().media.uploadChunk({
          operation_type: 'media',
          total_chunks,
          chunk_index,
          chunk: chunkOf(1),
        }),
        'chunk_index',
        seen,
      );
    },
  );

  it('rejects a negative chunk_index, a zero total_chunks and a missing chunk before sending anything', async () => {
    const client = testClient();
    const base = { operation_type: 'media', total_chunks: 2, chunk_index: 0, chunk: chunkOf(1) };
    await expectRejectedBeforeSending(
      client.media.uploadChunk({ ...base, chunk_index: -1 }),
      'chunk_index',
      seen,
    );
    await expectRejectedBeforeSending(
      client.media.uploadChunk({ ...base, total_chunks: 0 }),
      'total_chunks',
      seen,
    );
    await expectRejectedBeforeSending(
      client.media.uploadChunk({ ...base, chunk: 'bytes' as unknown as Blob }),
      'chunk',
      seen,
    );
  });
});

describe('media.finalize', () => {
  it('sends POST /v2/media/me/chunk/upload as JSON with meta JSON-encoded in a string', async () => {
    server.use(answer('POST /v2/media/me/chunk/upload', MEDIA_FILE, { status: 201 }));
    const file = await testClient().media.finalize({
      operation_type: 'media',
      total_chunks: 3,
      filename: 'talk.mp4',
      mime: 'video/mp4',
      meta: META,
    });

    const request = await onlyRequest(service);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/media/me/chunk/upload');
    expectStandardHeaders(request);
    expect(request.headers.academy).toBeUndefined();
    expectJsonRequest(request, {
      operation_type: 'media',
      total_chunks: 3,
      filename: 'talk.mp4',
      mime: 'video/mp4',
      meta: JSON.stringify(META),
    });
    const sentMeta = (request.body as { meta: unknown }).meta;
    expect(typeof sentMeta).toBe('string');
    expect(JSON.parse(sentMeta as string)).toEqual(META);

    expectTypeOf(file).toEqualTypeOf<MediaFile>();
    expect(file).toEqual(MEDIA_FILE);
    expect(file.status).toBe('TRANSFERRING');
  });

  it('sends no meta key when no meta is given', async () => {
    server.use(
      answer(
        'POST /v2/media/me/chunk/upload',
        { ...MEDIA_FILE, status: 'CREATED' },
        { status: 201 },
      ),
    );
    const file = await testClient().media.finalize({
      operation_type: 'proof-of-payment',
      total_chunks: 1,
      filename: 'receipt.png',
      mime: 'image/png',
    });

    const request = await onlyRequest(service);
    expect(request.body).toEqual({
      operation_type: 'proof-of-payment',
      total_chunks: 1,
      filename: 'receipt.png',
      mime: 'image/png',
    });
    expect(file.status).toBe('CREATED');
  });

  it('accepts a status the SDK does not know yet', async () => {
    server.use(
      answer(
        'POST /v2/media/me/chunk/upload',
        { ...MEDIA_FILE, status: 'TRANSFERRED' },
        { status: 201 },
      ),
    );
    const file = await testClient().media.finalize({
      operation_type: 'media',
      total_chunks: 1,
      filename: 'a.png',
      mime: 'image/png',
    });
    expect(file.status).toBe('TRANSFERRED');
  });

  it('goes to /v2/media/academy/chunk/upload with the Academy header (client or call)', async () => {
    server.use(answer('POST /v2/media/academy/chunk/upload', MEDIA_FILE, { status: 201 }));
    const params = {
      operation_type: 'media',
      total_chunks: 3,
      filename: 'talk.mp4',
      mime: 'video/mp4',
    };
    await testClient({ academy: 7 }).media.finalize(params);
    await testClient({ academy: 7 }).media.finalize({ ...params, academy: 9 });
    await testClient().media.finalize({ ...params, academy: 'downtown' });

    const requests = await sent(service, 3);
    expect(requests.map((request) => [request.path, request.headers.academy])).toEqual([
      ['/v2/media/academy/chunk/upload', '7'],
      ['/v2/media/academy/chunk/upload', '9'],
      ['/v2/media/academy/chunk/upload', 'downtown'],
    ]);
    expect(requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('rejects a missing filename, an empty mime or a zero total before sending anything', async () => {
    const client = testClient();
    const base = { operation_type: 'media', total_chunks: 1, filename: 'a.png', mime: 'image/png' };
    await expectRejectedBeforeSending(
      client.media.finalize({ ...base, filename: '' }),
      'filename',
      seen,
    );
    await expectRejectedBeforeSending(client.media.finalize({ ...base, mime: '' }), 'mime', seen);
    await expectRejectedBeforeSending(
      client.media.finalize({ ...base, total_chunks: 0 }),
      'total_chunks',
      seen,
    );
  });

  it('rejects a file record without an id with ResponseValidationError naming it', async () => {
    const { id: _id, ...withoutId } = MEDIA_FILE;
    server.use(answer('POST /v2/media/me/chunk/upload', withoutId, { status: 201 }));
    const error = await testClient()
      .media.finalize({
        operation_type: 'media',
        total_chunks: 1,
        filename: 'a.png',
        mime: 'image/png',
      })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toContainEqual([
      'id',
    ]);
  });
});
