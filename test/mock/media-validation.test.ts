import { afterEach, describe, expect, it } from 'vitest';
import { bytes, chunkForm, finalize, sendChunk, text } from './media-support.js';
import { call, closeServers, startServer } from './support.js';

afterEach(closeServers);

const fields = (total: string, index: string, op = 'test-small') => ({
  operation_type: op,
  total_chunks: total,
  chunk_index: index,
});

describe('chunk validation', () => {
  it.each<[string, Record<string, string>, Uint8Array | string | undefined, string]>([
    ['no operation type', { total_chunks: '1', chunk_index: '0' }, bytes('x'), 'operation_type'],
    ['an unknown operation type', fields('1', '0', 'nope'), bytes('x'), 'operation_type'],
    ['total_chunks 0', fields('0', '0'), bytes('x'), 'total_chunks'],
    ['total_chunks 1.5', fields('1.5', '0'), bytes('x'), 'total_chunks'],
    ['chunk_index = total_chunks', fields('2', '2'), bytes('x'), 'chunk_index'],
    ['chunk_index -1', fields('2', '-1'), bytes('x'), 'chunk_index'],
    ['a chunk over chunk_size', fields('2', '0'), new Uint8Array(1025), 'chunk'],
    ['no chunk', fields('2', '0'), undefined, 'chunk'],
    ['a chunk sent as text', fields('2', '0'), 'abc', 'chunk'],
  ])('answers 400 for %s', async (_label, form, chunk, field) => {
    const server = await startServer();
    const answer = await call(
      server,
      server.simulator.users.owner.token,
      'POST',
      '/v2/media/me/chunk',
      chunkForm(form, chunk),
    );
    expect(answer.status).toBe(400);
    expect(answer.body[field]).toEqual([expect.any(String)]);
  });

  it('answers 400 for a body that is not multipart', async () => {
    const server = await startServer();
    const answer = await call(
      server,
      server.simulator.users.owner.token,
      'POST',
      '/v2/media/me/chunk',
      { operation_type: 'test-small' },
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { detail: 'Expected a multipart/form-data body' },
    });
  });
});

describe('finalize validation', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['meta that is not JSON', { meta: '{nope' }, 'meta'],
    ['meta that is a JSON list', { meta: '[1]' }, 'meta'],
    ['meta with categories of the wrong type', { meta: '{"categories":"a"}' }, 'meta.categories'],
    ['no filename', { filename: undefined }, 'filename'],
    ['total_chunks as text', { total_chunks: 'one' }, 'total_chunks'],
    ['an unknown operation type', { operation_type: 'nope' }, 'operation_type'],
  ])('refuses %s', async (_label, body, field) => {
    const server = await startServer();
    await sendChunk(server, 0, 1, bytes('x'));
    const answer = await finalize(server, { total_chunks: 1, ...body });
    expect(answer.status).toBe(400);
    // DRF's shape: `detail` a sentence, a field's refusal a list of them.
    const said = expect.stringMatching(/\w+ \w+/);
    expect(answer.body[field]).toEqual(field === 'detail' ? said : [said]);
  });

  it('takes meta as a JSON-encoded string or as an object', async () => {
    const server = await startServer();
    for (const meta of [JSON.stringify({ slug: 's' }), { slug: 's' }]) {
      await sendChunk(server, 0, 1, bytes('x'));
      expect((await finalize(server, { total_chunks: 1, meta })).status).toBe(201);
    }
  });
});

describe('academy uploads', () => {
  it.each([
    [{}, 403],
    [{ academy: 'abc' }, 400],
    [{ academy: '2' }, 404],
  ])('answers %j with %i', async (headers, status) => {
    const server = await startServer();
    const target = { headers, scope: 'academy' } as const;
    expect((await sendChunk(server, 0, 1, bytes('x'), target)).status).toBe(status);
    expect((await finalize(server, { total_chunks: 1 }, target)).status).toBe(status);
  });

  it('files academy chunks under the academy, apart from the user-level ones', async () => {
    const server = await startServer();
    const target = { headers: { Academy: '1' }, scope: 'academy' } as const;
    const chunk = await sendChunk(server, 0, 1, bytes('academy bytes'), target);
    expect(chunk.body.academy).toBe(1);
    expect((await finalize(server, { total_chunks: 1 })).body.detail).toBe(
      '1/1 chunks are missing',
    );
    const file = await finalize(server, { total_chunks: 1 }, target);
    expect(file.body).toMatchObject({ academy: 1, status: 'CREATED' });
    expect(text(server.simulator.fileBytes(file.body.id))).toBe('academy bytes');
  });
});
