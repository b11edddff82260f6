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
 * A Blob may also carry a `fetch` that sends a multipart body holding it: `fromPath` attaches the
 * `seatpay/node` sender, which encodes the body with form-data and streams it over `node:http`
 * (BENCHMARKS.md). The core still makes the request (headers, timeout, retries, errors); only the
 * lowest layer changes. A `fetch` given to the client wins over it.
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
  /** The bytes: a Blob is read lazily. */
  data: Blob | Uint8Array;
}

/** A {@link MultipartBody} handed to a sender that encodes it itself, with its progress callback. */
export interface SenderBody {
  form: MultipartBody;
  /** Receives the number of file bytes sent so far, as the sender sends them. */
  onFileBytes?: ((sentBytes: number) => void) | undefined;
}

/**
 * What each stand-in stands for ({@link MultipartBody.standIn}), keyed both by the stream and by
 * the one marker piece it yields: a Request re-made from another (a `beforeRequest` hook may
 * return one) carries a proxy of the stream, through which the same marker object passes.
 */
const standIns = new WeakMap<object, SenderBody>();

/**
 * A `multipart/form-data` body of text fields and one file part, described rather than encoded:
 * the platform's `FormData` encodes it everywhere ({@link MultipartBody.toFormData}), except for a
 * file that carries its own sender ({@link SEND_WITH}), which gets a stand-in body
 * ({@link MultipartBody.standIn}) and encodes the form itself (form-data, in `seatpay/node`).
 */
export class MultipartBody {
  constructor(
    readonly fields: ReadonlyArray<readonly [string, string]>,
    readonly file: FilePart,
  ) {}

  /** The body as the platform's FormData: fetch encodes it, with an exact `Content-Length`. */
  toFormData(): FormData {
    const form = new FormData();
    for (const [name, value] of this.fields) form.append(name, value);
    const { data, type, name, filename } = this.file;
    const blob =
      data instanceof Blob && data.type === type ? data : new Blob([data as BlobPart], { type });
    form.append(name, blob, filename);
    return form;
  }

  /**
   * A request body that stands for this form: the file's own sender finds the form behind it
   * ({@link senderBodyOf}) and encodes it. It yields one marker piece, then fails: any other
   * fetch that reads it fails.
   */
  standIn(onFileBytes?: (sentBytes: number) => void): ReadableStream<Uint8Array> {
    const marker = new Uint8Array(1);
    let marked = false;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (marked) {
            controller.error(new TypeError('This multipart body is sent by its own sender only'));
            return;
          }
          marked = true;
          controller.enqueue(marker);
        },
      },
      { highWaterMark: 0 },
    );
    const sent = { form: this, onFileBytes };
    standIns.set(stream, sent);
    standIns.set(marker, sent);
    return stream;
  }

  /** The fields, with the file reduced to its size: for debug logs. */
  describe(): Record<string, string> {
    const fields = Object.fromEntries(this.fields);
    const { data, name } = this.file;
    return { ...fields, [name]: `[${data instanceof Blob ? data.size : data.byteLength} bytes]` };
  }
}

/**
 * The form a stand-in body ({@link MultipartBody.standIn}), or its marker piece, stands for, if
 * it is one.
 */
export function senderBodyOf(body: unknown): SenderBody | undefined {
  return typeof body === 'object' && body !== null ? standIns.get(body) : undefined;
}
