// `media.upload(file, { timeout })` or `{ totalTimeout }`, a plain call's options a user would guess
// from JavaScript (TypeScript refuses them): read by nothing, the upload ran with no limit at all,
// as long as the service took (newuser14). Refused before anything is sent, naming what bounds an
// upload: `chunkTimeout` for each chunk's request, `signal: AbortSignal.timeout(ms)` for the whole.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError, type UploadOptions } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';

const CHUNK = 1024;

describe("an upload given a plain call's timeout option", () => {
  let sink: ChunkSink;
  beforeEach(async () => {
    sink = await startChunkSink({
      operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
    });
  });
  afterEach(() => sink.close());

  it.each(['timeout', 'totalTimeout'])(
    'refuses `%s`, nothing sent, naming what to give',
    async (name) => {
      const options = { operation_type: 'small', filename: 'a.bin', [name]: 50 } as UploadOptions;
      const error = await sinkClient(sink)
        .media.upload(bytesOf(2 * CHUNK), options)
        .then(
          () => undefined,
          (failure: unknown) => failure,
        );
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ field: name, mayHaveBeenProcessed: false });
      expect((error as Error).message).toBe(
        `\`${name}\` is no upload option: give \`chunkTimeout\` (ms for each chunk's request) or, for the whole upload, \`signal: AbortSignal.timeout(ms)\`. Nothing was sent`,
      );
      expect(sink.chunks).toHaveLength(0);
      expect(sink.finalizeCalls).toBe(0);

      // As told: the same upload with `chunkTimeout` goes through.
      const { [name]: _dropped, ...rest } = options as unknown as Record<string, unknown>;
      await sinkClient(sink).media.upload(bytesOf(2 * CHUNK), {
        ...(rest as unknown as UploadOptions),
        chunkTimeout: 5_000,
      });
      expect(sink.finalizeCalls).toBe(1);
    },
  );
});
