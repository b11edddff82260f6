// The caller's signal firing during an upload's first request (reading the operation type): only
// that read was sent, no chunk and no finalize, so no file can exist. The error said
// "its finalize was sent, so the file may exist" with `mayHaveBeenProcessed: true` (newuser15).
// Ordered by events: the signal fires once the service holds the read; no clock.
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { BASE_URL, testClient, useMockService } from '../support/msw.js';
import { bytesOf } from './support/upload-kit.js';

const { server, seen } = useMockService();

/** The upload's error, its signal aborted with `reason` while its operation type is being read. */
async function stoppedReadingType(reason: unknown): Promise<unknown> {
  const controller = new AbortController();
  server.use(
    http.get(`${BASE_URL}/v2/media/operationtype/:name`, async ({ request }) => {
      controller.abort(reason);
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
      return new Response(null, { status: 500 });
    }),
  );
  return testClient()
    .media.upload(bytesOf(3000), {
      operation_type: 'media',
      filename: 'a.bin',
      signal: controller.signal,
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

describe("an upload whose caller's signal fires while it reads the operation type", () => {
  it('by its AbortSignal.timeout: says nothing was made, mayHaveBeenProcessed false', async () => {
    const reason = new DOMException('signal timed out', 'TimeoutError');
    const error = await stoppedReadingType(reason);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false, cause: reason });
    expect((error as Error).message).toMatch(/file was not made: upload again with more time/);
    expect(seen.map((request) => request.path)).toEqual(['/v2/media/operationtype/media']);
  });

  it('by a plain abort: an AbortError that does not say the file may exist', async () => {
    const error = await stoppedReadingType(new Error('paused'));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect((error as Error).message).not.toMatch(/file may exist/);
  });
});

// The client's own `totalTimeout` (or `timeout`) running out on that read: a plain GET's
// `TimeoutError`, `mayHaveBeenProcessed: true`, saying nothing of the upload (newuser16).
describe("an upload whose client's deadline runs out while it reads the operation type", () => {
  it.each([
    ['totalTimeout', { totalTimeout: 50 }],
    ['timeout', { timeout: 50, maxRetries: 0 }],
  ])('its %s: says nothing was made, mayHaveBeenProcessed false', async (_, deadline) => {
    server.use(
      http.get(`${BASE_URL}/v2/media/operationtype/:name`, async ({ request }) => {
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
        return new Response(null, { status: 500 });
      }),
    );
    const error = await testClient(deadline)
      .media.upload(bytesOf(3000), { operation_type: 'media', filename: 'a.bin' })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false, cause: expect.any(TimeoutError) });
    expect((error as Error).message).toMatch(
      /^The upload stopped before its first chunk: No answer from GET .*\/v2\/media\/operationtype\/media .*\(the file was not made: upload again with more time\)$/,
    );
    expect(seen.map((request) => request.path)).toEqual(['/v2/media/operationtype/media']);
  });
});
