import type { Secrets } from '../core/secrets/secrets.js';

/** Pulls one piece at a time from a web stream or an async iterable (a Node Readable). */
export interface PieceReader {
  next(): Promise<IteratorResult<unknown>>;
  cancel(): Promise<void>;
}

/**
 * What differs by runtime, as named ports (tus-js-client's `options.ts`, stripe-node's
 * `platform/`): one object per runtime family, chosen once by the entry the package's export
 * conditions pick (`node` → platform/node.ts, anything else → platform/web.ts). The request path
 * asks it; nothing in the request path sniffs the runtime.
 * @internal
 */
export interface Platform {
  /** The runtime family, for messages and tests. */
  readonly name: 'web' | 'node';
  /** The `User-Agent` every request sends, or undefined where the runtime sets its own (browsers). */
  readonly userAgent: string | undefined;
  /**
   * One environment variable, or undefined when unset or when the runtime denies reading it (Deno
   * without `--allow-env` throws on the read itself).
   */
  readEnv(name: string): string | undefined;
  /** Whether there is an environment to read at all: what a missing option's message advises. */
  hasEnv(): boolean;
  /**
   * A FormData request body as this runtime's fetch sends it safely: Node's fetch streams a
   * FormData from a pull that throws an unhandled rejection when the server answers early, so
   * the Node platform encodes it to bytes first. Undefined: sent as is.
   */
  encodeForm?: (form: FormData) => Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }>;
  /** The streaming sender of upload chunks, from any source. */
  readonly chunkSender?: ChunkSender;
  /**
   * A native incremental MD5 (node:crypto), for the upload's check of what the service assembled.
   * Undefined: the upload loads seatpay's own (Web Crypto has no MD5).
   */
  readonly md5?: () => IncrementalDigest;
  /**
   * A reader of a stream whose pieces are the upload's alone to free once used (a plain
   * `fs.ReadStream` no one else reads, in Node), or undefined: the stream is read as any other.
   */
  readonly ownedPieces?: (stream: object) => PieceReader | undefined;
  /**
   * The first `length` characters of `text` redacted, searching only its start (a validation
   * error's quote of a non-JSON answer of megabytes), or undefined: all of it is searched. In
   * Node only: the browsers' pages have no bytes to spare for it (BENCHMARKS.md, syncredact).
   */
  readonly quoteStart?: (text: string, secrets: Secrets, length: number) => string;
}

/** A hash fed piece by piece, in order. */
export interface IncrementalDigest {
  /** Takes `bytes` (which may be reused once this returns, or once its promise resolves). */
  update(bytes: Uint8Array): void | Promise<void>;
  /** The digest, hex; the hash is spent afterwards. */
  digest(): string | Promise<string>;
  /** Lets go of what it holds (a worker) when the digest is no longer wanted. */
  close?(): void;
}

/**
 * Reads bytes `[start, end)` of an upload source. With `reuse`, the reader may hand out the same
 * memory again: a piece is then valid only until the consumer asks for the next one.
 */
export type ByteRangeReader = (
  start: number,
  end: number,
  options?: { reuse?: boolean },
) => AsyncIterable<Uint8Array>;

/** The one file part of a chunk request. */
export interface ChunkPart {
  /** The form field name (`chunk`). */
  name: string;
  /** The file name the part is sent under. */
  filename: string;
  /** The part's `Content-Type`. */
  type: string;
  /** The bytes: a Blob is read lazily, a Uint8Array (a stream's chunk is one) sent from memory. */
  data: Blob | Uint8Array;
  /**
   * A reader of `data`'s bytes by ranges, when its source has one (`fromPath`'s, from disk): a
   * chunk sender streams the part from it.
   */
  read?: ByteRangeReader | undefined;
}

/** One chunk request: the Request ky made (URL, method, headers, signal), and the form to send. */
export interface ChunkRequest {
  request: Request;
  fields: ReadonlyArray<readonly [string, string]>;
  part: ChunkPart;
  /** Receives the number of file bytes sent so far. */
  onFileBytes: ((sentBytes: number) => void) | undefined;
}

/**
 * A port that sends upload chunks itself, whatever the upload's source (the Node platform:
 * form-data streamed over `node:http`, about a quarter of the CPU of Node's fetch, and no copy of
 * the chunk). ky still makes the request (hooks, timeout, signal): the sender is the `fetch` of
 * that one attempt.
 */
export interface ChunkSender {
  send(chunk: ChunkRequest): Promise<Response>;
  /**
   * Sends a part that has a range reader from that reader alone, piece by piece as it yields,
   * never reading `data` (Node's sender): a stream's chunk can then go out while it is read.
   */
  readonly streamsParts?: boolean;
}
