/**
 * The deployed server's response compression (live-api.md §5): a body over the profile's limit
 * goes zstd when the client accepts it (and this Node can make it), else deflate when it accepts
 * deflate or `*`, else br when it accepts br, else gzip. (That server sends br to Postman only; the
 * simulator also sends it to clients that ask for nothing else, so each decoder can be tested.)
 */

type Zlib = typeof import('node:zlib');
type Encoder = (zlib: Zlib, body: Uint8Array) => Uint8Array;

const ENCODERS: Readonly<Record<string, Encoder>> = {
  zstd: (zlib, body) =>
    (zlib as Zlib & { zstdCompressSync: (input: Uint8Array) => Uint8Array }).zstdCompressSync(body),
  deflate: (zlib, body) => zlib.deflateSync(body),
  br: (zlib, body) => zlib.brotliCompressSync(body),
  gzip: (zlib, body) => zlib.gzipSync(body),
};

/** Loaded only when a body is compressed: see NODE_HTTP in node-server.ts for the variable. */
const NODE_ZLIB = 'node:zlib';
const loadZlib = (): Promise<Zlib> =>
  import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_ZLIB);

/** The encoding the deployed server picks for an `Accept-Encoding` header. */
export function chooseEncoding(acceptEncoding: string, zlib: Zlib): string {
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('zstd') && 'zstdCompressSync' in zlib) return 'zstd';
  if (accepted.has('deflate') || accepted.has('*')) return 'deflate';
  if (accepted.has('br')) return 'br';
  return 'gzip';
}

/** The body compressed as that server would, with its `content-encoding`. */
export async function compress(
  body: Uint8Array,
  acceptEncoding: string,
): Promise<{ body: Uint8Array; encoding: string }> {
  const zlib = await loadZlib();
  const encoding = chooseEncoding(acceptEncoding, zlib);
  return { body: ENCODERS[encoding]!(zlib, body), encoding };
}
