/**
 * How long a chunk whose bytes have all gone out may still wait for its answer once the upload
 * stops (an abort, a pause, another chunk's failure).
 */
export const ANSWER_GRACE_MS = 4_000;

/**
 * The signal of one chunk's requests. When the upload stops, a chunk still sending is cut at
 * once; one whose bytes have all gone out keeps its request for its answer, up to
 * {@link ANSWER_GRACE_MS}: the service may well have stored it, and an answer cut off now would
 * leave the chunk out of the resume record, so the resume would send it again only to be told
 * `chunk-already-exists` (a failing request in the browser's console). No new attempt starts once
 * the upload stopped. Only senders that count bytes (the browser's XMLHttpRequest, Node's) tell
 * what went out: with a custom fetch every chunk is cut at once.
 */
export class ChunkStop {
  readonly signal: AbortSignal;
  /** Why {@link ChunkStop.fail} stopped the chunk, if it did. */
  failure: { reason: unknown } | undefined;
  /**
   * An attempt before this one may have stored the chunk (no answer came, or a 5xx): a
   * `chunk-already-exists` may be its own. One refused (a 429, a 4xx) stored nothing.
   */
  retried = false;
  private readonly controller = new AbortController();
  private allSent = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly upload: AbortSignal,
    private readonly size: number,
  ) {
    this.signal = this.controller.signal;
    upload.addEventListener('abort', this.onStop);
    if (upload.aborted) this.cut();
  }

  /** `bytes` of the chunk went out in the current attempt. */
  sent(bytes: number): void {
    if (bytes >= this.size) this.allSent = true;
  }

  /**
   * Another attempt is due (the last failed with `error`): it starts from nothing sent, and never
   * once the upload stopped.
   */
  retrying(error: unknown): void {
    this.allSent = false;
    this.retried ||= (error as { mayHaveBeenProcessed?: unknown })?.mayHaveBeenProcessed !== false;
    if (this.upload.aborted) this.cut();
  }

  /**
   * The chunk's source could not be read (`failure`): the attempt in flight and any retry stop at
   * once, whatever was sent. Reading it again cannot give the same bytes.
   */
  fail(failure: unknown): void {
    this.failure ??= { reason: failure };
    if (!this.controller.signal.aborted) this.controller.abort(failure);
  }

  /** The chunk settled: nothing of it is left waiting. */
  dispose(): void {
    this.upload.removeEventListener('abort', this.onStop);
    clearTimeout(this.timer);
  }

  private readonly onStop = (): void => {
    if (!this.allSent) return this.cut();
    this.timer ??= setTimeout(this.cut, ANSWER_GRACE_MS);
  };

  private readonly cut = (): void => {
    if (!this.controller.signal.aborted) this.controller.abort(this.upload.reason);
  };
}
