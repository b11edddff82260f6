import type { ChunkPart } from '../../platform/platform.js';

/** The one file part of a {@link MultipartBody}: what a chunk sender streams. */
export type FilePart = ChunkPart;

/**
 * A `multipart/form-data` body of text fields and one file part, described rather than encoded:
 * the platform's `FormData` encodes it ({@link MultipartBody.toFormData}), or the platform's chunk
 * sender streams its fields and file part.
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

  /** The fields, with the file reduced to its size: for debug logs. */
  describe(): Record<string, string> {
    const fields = Object.fromEntries(this.fields);
    const { data, name } = this.file;
    return { ...fields, [name]: `[${data instanceof Blob ? data.size : data.byteLength} bytes]` };
  }
}
