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
  /** The streaming sender of upload chunks whose file part can be read by byte ranges. */
  readonly chunkSender?: ChunkSender;
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

/** The file part of one chunk request, as a sender streams it. */
export interface ChunkFile {
  name: string;
  filename: string;
  type: string;
  /** Exact byte length: the sender announces it in `Content-Length`. */
  length: number;
  /** The bytes, read only as they are sent. */
  read(): AsyncIterable<Uint8Array>;
}

/** One chunk request: the Request ky made (URL, method, headers, signal), and the form to send. */
export interface ChunkRequest {
  request: Request;
  fields: ReadonlyArray<readonly [string, string]>;
  file: ChunkFile;
  /** Receives the number of file bytes sent so far. */
  onFileBytes: ((sentBytes: number) => void) | undefined;
}

/**
 * A port that sends upload chunks itself (the Node platform: form-data over `node:http`, about a
 * quarter of the CPU of Node's fetch). ky still makes the request (hooks, timeout, signal): the
 * sender is the `fetch` of that one attempt.
 */
export interface ChunkSender {
  send(chunk: ChunkRequest): Promise<Response>;
}
