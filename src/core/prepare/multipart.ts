import type { ByteRangeReader, ChunkFile } from '../../platform/platform.js';

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
  /**
   * A reader of `data`'s bytes by ranges, when its source has one (`fromPath`'s, from disk): the
   * platform's chunk sender streams the part from it.
   */
  read?: ByteRangeReader | undefined;
}

/**
 * A `multipart/form-data` body of text fields and one file part, described rather than encoded:
 * the platform's `FormData` encodes it ({@link MultipartBody.toFormData}), or the platform's chunk
 * sender streams it ({@link MultipartBody.chunkFile}).
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

  /** The file part as a chunk sender streams it, when it can be read by byte ranges. */
  chunkFile(): ChunkFile | undefined {
    const { name, filename, type, data, read } = this.file;
    if (!read) return undefined;
    const length = data instanceof Blob ? data.size : data.byteLength;
    return { name, filename, type, length, read: () => read(0, length, { reuse: true }) };
  }

  /** The fields, with the file reduced to its size: for debug logs. */
  describe(): Record<string, string> {
    const fields = Object.fromEntries(this.fields);
    const { data, name } = this.file;
    return { ...fields, [name]: `[${data instanceof Blob ? data.size : data.byteLength} bytes]` };
  }
}
