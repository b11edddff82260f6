/**
 * Reads bytes `[start, end)` of the Blob it is attached to. With `reuse`, the reader may hand out
 * the same memory again: a piece is then valid only until the consumer asks for the next one.
 */
export type ByteReader = (
  start: number,
  end: number,
  options?: { reuse?: boolean },
) => AsyncIterable<Uint8Array>;

/**
 * A Blob may carry a faster reader of its own bytes under this key: `fromPath` attaches one that
 * reads the file with `fs.createReadStream`, because in Node a file-backed Blob's own stream
 * costs more CPU per byte and made uploads half as fast (BENCHMARKS.md). Everything else sees a
 * plain Blob, so the Blob still works wherever a Blob does.
 */
export const READ_BYTES = Symbol.for('seatpay.readBytes');

/**
 * A Blob may also carry a `fetch` to send a multipart body holding it: `fromPath` attaches one over
 * `node:http`, because Node's fetch costs about four times the CPU per byte sent (BENCHMARKS.md).
 * The core still makes the request (headers, timeout, retries, errors); only the lowest layer
 * changes. A `fetch` given to the client wins over it.
 */
export const SEND_WITH = Symbol.for('seatpay.nodeFetch');

/** The `fetch` a Blob carries under {@link SEND_WITH}, if any. */
export function sendWithOf(data: unknown): typeof fetch | undefined {
  return data instanceof Blob
    ? (data as Blob & { [SEND_WITH]?: typeof fetch })[SEND_WITH]
    : undefined;
}

/** The one file part of a {@link MultipartBody}. */
export interface FilePart {
  /** The form field name (`chunk`). */
  name: string;
  /** The file name the part is sent under. */
  filename: string;
  /** The part's `Content-Type`. */
  type: string;
  /** The bytes: a Blob is read lazily, a Uint8Array is sent without a copy where the runtime allows. */
  data: Blob | Uint8Array;
}

/** Bytes handed to fetch per read: small enough for smooth progress, large enough to stay cheap. */
const PIECE_BYTES = 256 * 1024;
const encoder = new TextEncoder();

/**
 * A `multipart/form-data` body made of text fields followed by one file part, encoded as
 * FormData would be (WHATWG HTML, "multipart/form-data encoding algorithm").
 *
 * Why not a FormData: a FormData sent by Node's fetch gives no upload progress and copies a
 * Uint8Array into a Blob. This body knows its exact length up front, so Node can send it as a
 * stream with a `Content-Length` (servers such as Django need one), count the file bytes as fetch
 * reads them, and send a Uint8Array's own memory. Browsers cannot stream request bodies over
 * HTTP/1.1, so there it becomes a FormData ({@link MultipartBody.toFormData}).
 */
export class MultipartBody {
  readonly contentType: string;
  /** The exact byte length of the encoded body. */
  readonly length: number;
  private readonly head: Uint8Array;
  private readonly tail: Uint8Array;

  constructor(
    readonly fields: ReadonlyArray<readonly [string, string]>,
    readonly file: FilePart,
  ) {
    const boundary = `----seatpay${randomHex(16)}`;
    this.contentType = `multipart/form-data; boundary=${boundary}`;
    let head = '';
    for (const [name, value] of fields) {
      head += `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n`;
      head += `${value.replace(/\r\n|\r|\n/g, '\r\n')}\r\n`;
    }
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(file.name)}"; filename="${escapeName(file.filename)}"\r\n`;
    head += `Content-Type: ${file.type.replace(/[\r\n]/g, '')}\r\n\r\n`;
    this.head = encoder.encode(head);
    this.tail = encoder.encode(`\r\n--${boundary}--\r\n`);
    this.length = this.head.byteLength + sizeOf(file.data) + this.tail.byteLength;
  }

  /**
   * The encoded body as a fresh stream (one per attempt). `onFileBytes` receives the number of
   * file bytes handed to fetch so far; the stream is pulled only as fast as fetch sends, so this
   * follows the bytes on the wire.
   */
  stream(onFileBytes?: (sentBytes: number) => void): ReadableStream<Uint8Array> {
    const pieces = filePieces(this.file.data, false);
    const { head, tail } = this;
    let stage: 'head' | 'file' | 'tail' = 'head';
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (stage === 'head') {
            stage = 'file';
            controller.enqueue(head);
            return;
          }
          if (stage === 'file') {
            const piece = await pieces.next();
            if (!piece.done) {
              controller.enqueue(piece.value);
              sent += piece.value.byteLength;
              onFileBytes?.(sent);
              return;
            }
            stage = 'tail';
          }
          controller.enqueue(tail);
          controller.close();
        },
        async cancel() {
          await pieces.return?.(undefined);
        },
      },
      // Pull on demand only: no read-ahead, so `onFileBytes` does not run ahead of the socket.
      { highWaterMark: 0 },
    );
    streamed.set(stream, (reuse) => this.pieces(reuse, onFileBytes));
    return stream;
  }

  /**
   * The encoded body piece by piece, for a sender that knows when it is done with each piece.
   * With `reuse`, file pieces may share memory: each is valid only until the next is asked for.
   */
  async *pieces(
    reuse: boolean,
    onFileBytes?: (sentBytes: number) => void,
  ): AsyncGenerator<Uint8Array, void, undefined> {
    yield this.head;
    let sent = 0;
    for await (const piece of filePieces(this.file.data, reuse)) {
      yield piece;
      sent += piece.byteLength;
      onFileBytes?.(sent);
    }
    yield this.tail;
  }

  /** The same body as a FormData, for runtimes that cannot stream a request body. */
  toFormData(): FormData {
    const form = new FormData();
    for (const [name, value] of this.fields) form.append(name, value);
    const { data, type, name, filename } = this.file;
    const blob =
      data instanceof Blob && data.type === type ? data : new Blob([data as BlobPart], { type });
    form.append(name, blob, filename);
    return form;
  }

  /** The fields, with the file reduced to its size: for debug logs. */
  describe(): Record<string, string> {
    const fields = Object.fromEntries(this.fields);
    return { ...fields, [this.file.name]: `[${sizeOf(this.file.data)} bytes]` };
  }
}

/** The bodies behind the streams {@link MultipartBody.stream} made (see {@link piecesOf}). */
const streamed = new WeakMap<
  ReadableStream<Uint8Array>,
  (reuse: boolean) => AsyncGenerator<Uint8Array, void, undefined>
>();

/**
 * The pieces of the MultipartBody a request body stream was made from, when it was: a sender
 * (`fromPath`'s node:http one) then writes them directly, reusing read buffers, instead of
 * reading the stream. The stream itself is then left unread.
 */
export function piecesOf(
  body: ReadableStream<Uint8Array> | null,
): ((reuse: boolean) => AsyncGenerator<Uint8Array, void, undefined>) | undefined {
  return body ? streamed.get(body) : undefined;
}

function sizeOf(data: Blob | Uint8Array): number {
  return data instanceof Blob ? data.size : data.byteLength;
}

/** The file's bytes in pieces: views of a Uint8Array (no copy), or a Blob's own stream. */
async function* filePieces(
  data: Blob | Uint8Array,
  reuse: boolean,
): AsyncGenerator<Uint8Array, void, undefined> {
  if (!(data instanceof Blob)) {
    for (let start = 0; start < data.byteLength; start += PIECE_BYTES) {
      yield data.subarray(start, start + PIECE_BYTES);
    }
    return;
  }
  const readBytes = (data as Blob & { [READ_BYTES]?: ByteReader })[READ_BYTES];
  if (readBytes) {
    yield* readBytes(0, data.size, { reuse });
    return;
  }
  const reader = data.stream().getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Ends the Blob's read when fetch gave up on the body early (abort, timeout).
    await reader.cancel().catch(() => undefined);
  }
}

/** Field and file names as FormData escapes them: `"` and line breaks percent-encoded. */
function escapeName(name: string): string {
  return name.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
}

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}
