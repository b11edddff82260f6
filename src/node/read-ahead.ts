import { finished, type Readable } from 'node:stream';

/**
 * Reads a Node Readable up to `limit` bytes ahead of its consumer: each piece is taken as soon as
 * the stream has it, so the stream's next read starts at once instead of when the consumer next
 * asks. A Readable reads one piece (`highWaterMark`) ahead at most, and the upload's thread is
 * busy sending: through its async iterator, a file stream's reads waited on the sending, and a
 * chunk's reading on a free chunk, with the file idle (BENCHMARKS.md, issue 40, seventh pass).
 * `next` settles with the stream's pieces in order, then `done`; it rejects with the stream's
 * error, or a premature close's, as the stream's async iterator does.
 */
export class ReadAhead {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private ended = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;
  private readonly stopWatching: () => void;

  constructor(
    private readonly stream: Readable,
    private readonly limit: number,
    /** Told of every piece taken, with the bytes the stream held just before it was taken. */
    private readonly onTaken?: (piece: Buffer, heldBefore: number) => void,
    /** How a piece is taken: the stream's `read()`, unless the caller watches that one. */
    private readonly read: () => Buffer | null = () => stream.read() as Buffer | null,
  ) {
    stream.on('readable', this.pull);
    this.stopWatching = finished(stream, (error) => {
      if (error) this.failure ??= { error };
      else this.ended = true;
      this.wakeUp();
    });
  }

  async next(): Promise<IteratorResult<Buffer, undefined>> {
    for (;;) {
      const piece = this.queue.shift();
      if (piece) {
        this.queued -= piece.byteLength;
        this.pull(); // room again: the stream reads on
        return { value: piece, done: false };
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return { value: undefined, done: true };
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Stops reading: listeners off and the stream destroyed (a pending `next` then rejects). */
  cancel(): void {
    this.stream.off('readable', this.pull);
    this.stopWatching();
    this.queue.length = 0;
    this.failure ??= { error: new Error('The stream was cancelled') };
    this.stream.destroy();
    this.wakeUp();
  }

  private readonly pull = (): void => {
    while (this.queued < this.limit && !this.failure) {
      const heldBefore = this.stream.readableLength;
      const piece = this.read();
      if (piece === null) break;
      this.onTaken?.(piece, heldBefore);
      this.queue.push(piece);
      this.queued += piece.byteLength;
    }
    this.wakeUp();
  };

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
