import { untilAborted } from '../../core/retry/until-aborted.js';
import { UploadTakenOverError } from '../helper-errors.js';
import type { RecordHold } from './record-hold.js';

/**
 * Whether an upload still holds its resume record, asked before each chunk, record write and
 * finalize: a holder paused past the store's patience (SIGSTOP, `docker pause`, a laptop asleep)
 * wakes up to a record another upload took over, and must neither write over that upload's record
 * nor finalize its name. Once lost, lost for good: {@link lost} is the error the upload rejects with.
 */
export class HoldWatch {
  #lost: UploadTakenOverError | undefined;
  /** The last ask: asks go one at a time, so a write told "held" is sent before the next ask. */
  #asked: Promise<boolean> = Promise.resolve(true);

  constructor(
    private readonly hold: RecordHold,
    readonly uploadName: string,
    readonly resumeKey: string,
  ) {}

  /** Frees the record once `writes` (the upload's last record write) ended. */
  release(writes?: Promise<void>): Promise<void> {
    return this.hold.release(writes);
  }

  /** The error this upload rejects with once its hold was found lost. */
  get lost(): UploadTakenOverError | undefined {
    return this.#lost;
  }

  /**
   * Whether the hold is still this upload's (asks the store's lock while it was). One ask at a
   * time: a record write told "held" goes out before another ask can find the hold lost.
   */
  holds(): Promise<boolean> {
    const asking = this.#asked.then(() => this.ask());
    this.#asked = asking.catch(() => false);
    return asking;
  }

  private async ask(): Promise<boolean> {
    if (this.#lost) return false;
    const { held, cause } = await this.hold.held();
    if (!held)
      this.#lost ??= new UploadTakenOverError({
        uploadName: this.uploadName,
        resumeKey: this.resumeKey,
        cause,
      });
    return this.#lost === undefined;
  }

  /**
   * Rejects with {@link lost} once the hold is no longer this upload's; with `AbortError` the
   * moment `signal` fires (a lock whose `held()` never answers holds the upload up to the chunk
   * timeout, never past its signal, and an abort is not a takeover).
   */
  async confirm(signal?: AbortSignal): Promise<void> {
    if (!(await untilAborted(this.holds(), signal))) throw this.#lost;
  }
}
