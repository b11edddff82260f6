import { AbortError } from '../core/errors/abort-error.js';
import { freePiece } from '../helpers/upload/free-piece.js';
import { SourceReadError, sourceReadError } from '../helpers/upload/source-read-error.js';

/** The file part of a chunk, as the Node sender streams it. */
export interface FileSource {
  /** The form field name (`chunk`). */
  name: string;
  filename: string;
  /** The part's `Content-Type`. */
  type: string;
  /** The exact number of bytes `read` yields: the request's `Content-Length` counts on it. */
  length: number;
  /**
   * The bytes, in pieces. A piece may be overwritten by the next one (a reused read buffer): the
   * feed asks for the next only once the socket took the previous.
   */
  read(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /**
   * Each piece is fresh memory of the reader's own that nothing else holds (a native Blob's
   * stream): the feed frees it once the socket took it, instead of leaving it to the collector.
   */
  ownsPieces?: boolean;
}

/**
 * Feeds a file part to form-data one piece at a time: the next piece is read only once the
 * previous one went to the socket ({@link FileFeed.written}), so a reader may reuse one buffer
 * (no garbage per byte sent) and progress counts bytes sent, not bytes read ahead.
 */
export class FileFeed {
  private sent = 0;
  private waiting: { piece: Buffer; resolve: () => void } | undefined;
  private closed = false;

  constructor(
    private readonly file: FileSource,
    private readonly onFileBytes?: (sentBytes: number) => void,
  ) {}

  /**
   * The pieces, as Buffers viewing the reader's memory (no copy). A read that fails, or that gives
   * more or fewer bytes than the part's length, fails with a `SourceReadError`: the source changed
   * or could not be read, which the sender reports as such, never as a network failure.
   */
  async *pieces(): AsyncGenerator<Buffer, void, undefined> {
    const { length } = this.file;
    let read = 0;
    try {
      for await (const bytes of this.file.read()) {
        if (this.closed) return;
        if (bytes.byteLength === 0) continue; // a stream never emits it: it would wait forever
        read += bytes.byteLength;
        if (read > length) throw new SourceReadError(`it holds more than its ${length} bytes`);
        const piece = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const written = new Promise<void>((resolve) => (this.waiting = { piece, resolve }));
        yield piece;
        await written;
        if (this.closed) return;
      }
    } catch (error) {
      // The upload stopping the read (a stream's chunk no longer read) is no read failure.
      throw error instanceof AbortError ? error : sourceReadError(error);
    }
    if (read < length) throw new SourceReadError(`it ended after ${read} of its ${length} bytes`);
  }

  /** Called for every piece the socket took: the file's own go on to the next read. */
  written(piece: unknown): void {
    const waiting = this.waiting;
    if (!waiting || waiting.piece !== piece) return;
    this.waiting = undefined;
    this.sent += waiting.piece.byteLength;
    // The socket is done with it (its write called back): freed now, not left to the collector.
    if (this.file.ownsPieces) freePiece(waiting.piece);
    this.onFileBytes?.(this.sent);
    waiting.resolve();
  }

  /** Stops feeding: the request ended early. The reader is then closed (its file handle too). */
  close(): void {
    this.closed = true;
    this.waiting?.resolve();
    this.waiting = undefined;
  }
}
