import { afterEach, describe, expect, it } from 'vitest';
import {
  ChunkRecordSchema,
  MediaFileSchema,
  OperationTypeSchema,
} from '../../src/schemas/index.js';
import { bytes, chunkForm, finalize, sendChunk, text } from './media-support.js';
import { call, closeServers, expectSchema, sleep, startServer } from './support.js';

afterEach(closeServers);

describe('operation types', () => {
  it('lists the operation types and answers their settings in the SDK schema', async () => {
    const server = await startServer();
    const token = server.simulator.users.owner.token;
    expect((await call(server, token, 'GET', '/v2/media/operationtype')).body).toEqual([
      'media',
      'proof-of-payment',
      'profile-picture',
      'test-small',
    ]);
    const settings = [];
    for (const op of ['media', 'proof-of-payment', 'test-small']) {
      const { body } = await call(server, token, 'GET', `/v2/media/operationtype/${op}`);
      expectSchema(OperationTypeSchema, body);
      settings.push(body);
    }
    expect(settings).toEqual([
      { chunk_size: 10485760, max_chunks: null },
      { chunk_size: 10485760, max_chunks: null },
      { chunk_size: 1024, max_chunks: 8 },
    ]);
    expect(await call(server, token, 'GET', '/v2/media/operationtype/nope')).toMatchObject({
      status: 404,
      body: { detail: 'Invalid operation type' },
    });
  });
});

describe('chunked upload', () => {
  it('assembles the chunks in index order whatever order they came in', async () => {
    const server = await startServer();
    for (const [index, part] of [
      [2, 'three'],
      [0, 'one-'],
      [1, 'two-'],
    ] as const) {
      const answer = await sendChunk(server, index, 3, bytes(part));
      expect(answer.status).toBe(201);
      expectSchema(ChunkRecordSchema, answer.body);
      expect(answer.body).toEqual({
        academy: null,
        chunk_index: index,
        mime: 'text/plain',
        name: 'notes.txt',
        operation_type: 'test-small',
        total_chunks: 3,
        user: 1,
      });
    }
    const file = await finalize(server, {
      total_chunks: 3,
      meta: JSON.stringify({ slug: 'notes', categories: ['a'] }),
    });
    expect(file.status).toBe(201);
    expectSchema(MediaFileSchema, file.body);
    expect(file.body).toEqual({
      id: 1,
      academy: null,
      mime: 'text/plain',
      name: expect.stringMatching(/^[0-9a-f]{32}$/),
      operation_type: 'test-small',
      user: 1,
      status: 'CREATED',
    });
    expect(text(server.simulator.fileBytes(file.body.id))).toBe('one-two-three');
  });

  it('names a file after its bytes', async () => {
    const server = await startServer();
    const names = [];
    for (const part of ['same', 'same', 'other']) {
      await sendChunk(server, 0, 1, bytes(part));
      names.push((await finalize(server, { total_chunks: 1 })).body.name);
    }
    expect(names[0]).toBe(names[1]);
    expect(names[2]).not.toBe(names[0]);
  });

  it('turns a media file from TRANSFERRING to CREATED after processing', async () => {
    const server = await startServer({ mediaProcessingDelayMs: 30 });
    await sendChunk(server, 0, 1, bytes('video'), { op: 'media' });
    const meta = { slug: 'v', name: 'V', categories: [], academy: 1 };
    const file = await finalize(server, {
      operation_type: 'media',
      total_chunks: 1,
      mime: 'video/mp4',
      meta,
    });
    expect(file.body.status).toBe('TRANSFERRING');
    for (let i = 0; i < 100 && server.simulator.file(file.body.id)?.status !== 'CREATED'; i += 1)
      await sleep(10);
    expect(server.simulator.file(file.body.id)?.status).toBe('CREATED');
  });

  it('a finalize of the same upload again never makes a second copy: file-already-exists while TRANSFERRING, then chunks missing', async () => {
    const server = await startServer({ mediaProcessingDelayMs: 60_000 });
    const owner = server.simulator.users.owner.token;
    await sendChunk(server, 0, 1, bytes('video'), { op: 'media' });
    const meta = { slug: 'v', name: 'V', categories: [], academy: 1 };
    const params = { operation_type: 'media', total_chunks: 1, mime: 'video/mp4', meta };
    expect((await finalize(server, params)).body.status).toBe('TRANSFERRING');
    expect(await finalize(server, params)).toMatchObject({
      status: 400,
      body: { detail: 'file-already-exists', status_code: 400 },
    });
    const state = await call(server, owner, 'GET', '/__mock/state');
    expect(state.body.files).toHaveLength(1);

    const created = await startServer();
    await sendChunk(created, 0, 1, bytes('proof'));
    expect((await finalize(created, { total_chunks: 1 })).body.status).toBe('CREATED');
    expect(await finalize(created, { total_chunks: 1 })).toMatchObject({
      status: 400,
      body: { detail: '1/1 chunks are missing' },
    });
    const token = created.simulator.users.owner.token;
    expect((await call(created, token, 'GET', '/__mock/state')).body.files).toHaveLength(1);
  });

  it('keeps the first bytes of a duplicate chunk and answers chunk-already-exists', async () => {
    const server = await startServer();
    await sendChunk(server, 0, 1, bytes('first'));
    const again = await sendChunk(server, 0, 1, bytes('second'));
    expect(again).toMatchObject({
      status: 400,
      body: { detail: 'chunk-already-exists', status_code: 400 },
    });
    const file = await finalize(server, { total_chunks: 1 });
    expect(text(server.simulator.fileBytes(file.body.id))).toBe('first');
  });

  it('assembles only chunks sent under the finalized filename, never leftovers of another file', async () => {
    const server = await startServer();
    const other = chunkForm(
      { operation_type: 'test-small', total_chunks: '1', chunk_index: '0', filename: 'old.txt' },
      bytes('stale'),
    );
    expect(
      (await call(server, server.simulator.users.owner.token, 'POST', '/v2/media/me/chunk', other))
        .status,
    ).toBe(201);
    expect(await finalize(server, { total_chunks: 1 })).toMatchObject({
      status: 400,
      body: { detail: '1/1 chunks are missing' },
    });
    await sendChunk(server, 0, 1, bytes('fresh'));
    const file = await finalize(server, { total_chunks: 1 });
    expect(text(server.simulator.fileBytes(file.body.id))).toBe('fresh');
  });

  it('refuses to finalize while chunks are missing', async () => {
    const server = await startServer();
    await sendChunk(server, 1, 3, bytes('b'));
    expect(await finalize(server, { total_chunks: 3 })).toMatchObject({
      status: 400,
      body: { detail: '2/3 chunks are missing', status_code: 400 },
    });
  });

  it('accepts total_chunks below max_chunks and refuses it at max_chunks', async () => {
    const server = await startServer();
    expect((await sendChunk(server, 0, 7, bytes('x'))).status).toBe(201);
    const atMax = await sendChunk(server, 0, 8, bytes('x'));
    expect(atMax).toMatchObject({
      status: 400,
      body: { total_chunks: [expect.stringContaining('max_chunks (8)')] },
    });
    expect(await finalize(server, { total_chunks: 8 })).toMatchObject({
      status: 400,
      body: { total_chunks: [expect.stringContaining('max_chunks (8)')] },
    });
  });

  it('accepts a chunk of exactly chunk_size bytes', async () => {
    const server = await startServer();
    expect((await sendChunk(server, 0, 1, new Uint8Array(1024))).status).toBe(201);
  });

  it("never mixes one user's chunks with another's", async () => {
    const server = await startServer();
    await sendChunk(server, 0, 1, bytes('owner'));
    const member = server.simulator.users.member.token;
    const body = {
      operation_type: 'test-small',
      total_chunks: 1,
      filename: 'a',
      mime: 'text/plain',
    };
    const answer = await call(server, member, 'POST', '/v2/media/me/chunk/upload', body);
    expect(answer.body.detail).toBe('1/1 chunks are missing');
  });
});
