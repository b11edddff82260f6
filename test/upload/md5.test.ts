// The md5 an upload checks the service's file name against: seatpay's own (browsers, Workers, Deno,
// Bun: Web Crypto has no MD5) against node:crypto over random bytes cut at random places, and the
// whole upload against what the real deployed server answered (docs/reference/real-exchanges.json:
// the finalize answer's `name` is the md5 of the bytes its chunks carried).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { Md5 } from '../../src/helpers/upload/md5.js';
import { exchanges, type Exchange, type MultipartPart } from '../mock/parity/transcript.js';

const nodeMd5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe("seatpay's incremental md5", () => {
  it('equals node:crypto over random bytes fed in random pieces', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 700 }),
        fc.array(fc.nat({ max: 700 }), { maxLength: 12 }),
        (bytes, cuts) => {
          const md5 = new Md5();
          const points = [
            ...new Set([0, ...cuts.map((cut) => cut % (bytes.length + 1)), bytes.length]),
          ];
          points.sort((a, b) => a - b);
          for (let i = 1; i < points.length; i++)
            md5.update(bytes.subarray(points[i - 1], points[i]));
          expect(md5.digest()).toBe(nodeMd5(bytes));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('equals node:crypto at every length around the block and padding edges', () => {
    const bytes = new Uint8Array(300).map((_, i) => (i * 7 + 3) & 255);
    for (let length = 0; length <= 300; length++) {
      const md5 = new Md5();
      md5.update(bytes.subarray(0, length));
      expect(md5.digest()).toBe(nodeMd5(bytes.subarray(0, length)));
    }
  });

  it('equals node:crypto over a few MiB in uneven pieces', () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 11).map((_, i) => (i * 31 + (i >> 9)) & 255);
    const md5 = new Md5();
    for (let at = 0; at < bytes.length; at += 65_537) md5.update(bytes.subarray(at, at + 65_537));
    expect(md5.digest()).toBe(nodeMd5(bytes));
  });
});

/** A recorded part's bytes, by the recorder's rule: byte i = (i * 31 + seed) & 255. */
const bytesOfPart = ({ length, seed }: NonNullable<MultipartPart['bytes']>) =>
  new Uint8Array(length).map((_, i) => (i * 31 + seed) & 255);

interface RecordedUpload {
  finalize: Exchange;
  chunks: Uint8Array[];
  filename: string;
}

/** Every upload the real server finalized (201), with the chunks it took for it, by index. */
function recordedUploads(): RecordedUpload[] {
  const parts = (exchange: Exchange) =>
    (exchange.request.body as { multipart?: MultipartPart[] } | undefined)?.multipart ?? [];
  const field = (exchange: Exchange, name: string) =>
    parts(exchange).find((p) => p.name === name)?.value;
  return exchanges
    .filter((e) => /\/chunk\/upload$/.test(e.request.path) && e.response.status === 201)
    .map((finalize) => {
      const { filename } = finalize.request.body as { filename: string };
      const chunks = exchanges
        .filter(
          (e) =>
            e.n < finalize.n &&
            /\/chunk$/.test(e.request.path) &&
            e.response.status === 201 &&
            field(e, 'filename') === filename,
        )
        .sort((a, b) => Number(field(a, 'chunk_index')) - Number(field(b, 'chunk_index')))
        .map((e) => bytesOfPart(parts(e).find((p) => p.name === 'chunk')!.bytes!));
      return { finalize, chunks, filename };
    });
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
};

describe('against the real server (real-exchanges.json)', () => {
  const uploads = recordedUploads();

  it('holds the finalized uploads it should (one and three chunks, /me and /academy)', () => {
    expect(uploads.map((u) => [u.finalize.n, u.chunks.length])).toEqual([
      [84, 1],
      [88, 1],
      [145, 3],
      [150, 3],
    ]);
  });

  it.each(uploads.map((u) => [u.finalize.n, u] as const))(
    '#%s: the md5 seatpay computes of the bytes sent is the name the server gave the file',
    async (_n, { finalize, chunks, filename }) => {
      const name = (finalize.response.body as { name: string }).name;
      const whole = concat(chunks);
      const md5 = new Md5();
      for (const chunk of chunks) md5.update(chunk);
      expect(md5.digest()).toBe(name);

      // The whole upload, answered as the real server answered: checked (the deployed profile's
      // default) and resolved; the same answer to other bytes is caught.
      const body = finalize.request.body as { operation_type: string; mime: string };
      const academy = finalize.request.headers.academy;
      const replay = (sent: Uint8Array) =>
        replayClient(finalize, chunks[0]!.length).media.upload(sent, {
          operation_type: body.operation_type,
          filename,
          mime: body.mime,
          ...(academy
            ? {
                academy: Number(academy),
                meta: { slug: 's', name: 'n', categories: [], academy: 1 },
              }
            : {}),
        });
      await expect(replay(whole)).resolves.toMatchObject({ name });
      const other = whole.slice();
      other[other.length - 1]! ^= 1;
      await expect(replay(other)).rejects.toMatchObject({
        name: 'UploadDigestMismatchError',
        receivedMd5: name,
        expectedMd5: nodeMd5(other),
      });
    },
  );
});

/** A deployed-profile client whose fetch answers as the recorded server did. */
function replayClient(finalize: Exchange, chunkSize: number) {
  return createClient({
    baseUrl: 'https://api.example.com',
    token: 'recorded',
    profile: 'deployed',
    logLevel: 'off',
    fetch: async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (path.startsWith('/v2/media/operationtype/'))
        return json({ chunk_size: chunkSize, max_chunks: null });
      if (/\/chunk$/.test(path)) {
        const form = await request.formData();
        return json(
          {
            academy: null,
            user: 2,
            // As the server does: the `filename` field, else the part's file name (live-api.md).
            name: String(form.get('filename') ?? (form.get('chunk') as File).name),
            operation_type: form.get('operation_type'),
            mime: 'image/png',
            chunk_index: Number(form.get('chunk_index')),
            total_chunks: Number(form.get('total_chunks')),
          },
          201,
        );
      }
      if (/\/chunk\/upload$/.test(path)) return json(finalize.response.body, 201);
      return json({ detail: 'Not found.' }, 404);
    },
  });
}
