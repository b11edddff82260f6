// The same upload through msw (in-process interception, as most of the test suite uses), to show
// the streamed multipart body reads like a FormData to any server or mock.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_URL, testClient, useMockService } from '../support/msw.js';
import { bytesOf, sha256, uploadNameOf } from './support/upload-kit.js';

const { server, seen } = useMockService();

describe('upload against msw handlers', () => {
  it('sends well-formed multipart chunks that assemble into the file', async () => {
    const parts = new Map<number, Uint8Array>();
    server.use(
      http.get(`${BASE_URL}/v2/media/operationtype/:name`, () =>
        HttpResponse.json({ chunk_size: 4096, max_chunks: null }),
      ),
      http.post(`${BASE_URL}/v2/media/me/chunk`, async ({ request }) => {
        const form = await request.formData();
        const chunk = form.get('chunk') as File;
        const index = Number(form.get('chunk_index'));
        parts.set(index, new Uint8Array(await chunk.arrayBuffer()));
        return HttpResponse.json(
          {
            chunk_index: index,
            total_chunks: Number(form.get('total_chunks')),
            operation_type: 'media',
          },
          { status: 201 },
        );
      }),
      http.post(`${BASE_URL}/v2/media/me/chunk/upload`, () =>
        HttpResponse.json({ id: 5, name: 'x', status: 'TRANSFERRING' }, { status: 201 }),
      ),
    );
    const bytes = bytesOf(3 * 4096 + 10);
    const file = await testClient().media.upload(bytes, {
      operation_type: 'media',
      filename: 'movie.mp4',
      mime: 'video/mp4',
      meta: { slug: 'movie', name: 'Movie', categories: ['intro'], academy: 7 },
    });

    expect(file).toMatchObject({ id: 5, status: 'TRANSFERRING' });
    const assembled = new Uint8Array(
      await new Blob([0, 1, 2, 3].map((i) => parts.get(i)!) as BlobPart[]).arrayBuffer(),
    );
    expect(sha256(assembled)).toBe(sha256(bytes));
    // Chunks go out concurrently: the first to arrive need not be chunk 0.
    const chunkRequests = seen
      .filter((r) => r.path === '/v2/media/me/chunk')
      .sort((a, b) => chunkIndexOf(a.body) - chunkIndexOf(b.body));
    expect(chunkRequests[0]?.body).toEqual({
      operation_type: 'media',
      total_chunks: '4',
      chunk_index: '0',
      chunk: { size: 4096, name: expect.stringMatching(uploadNameOf('movie.mp4')) },
    });
    expect(seen.at(-1)?.body).toEqual({
      operation_type: 'media',
      total_chunks: 4,
      // Finalize names the chunks' own unique name.
      filename: (chunkRequests[0]?.body as { chunk: { name: string } }).chunk.name,
      mime: 'video/mp4',
      meta: JSON.stringify({ slug: 'movie', name: 'Movie', categories: ['intro'], academy: 7 }),
    });
  });
});

function chunkIndexOf(body: unknown): number {
  return Number((body as { chunk_index?: string }).chunk_index);
}
