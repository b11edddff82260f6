import { UploadError } from '../helper-errors.js';

/** A chunk whose request went out, not acknowledged: the service may hold it, unheard. */
export interface InFlightChunk {
  index: number;
  /** The SHA-256 (hex) of the bytes it was sent with. */
  digest: string;
}

/**
 * The chunks of an upload whose requests went out unanswered, with the digest of the bytes each
 * went with. A pause cuts their calls, but the service may store them all the same, after the
 * abort: a resume then meets `chunk-already-exists` for them, which proves nothing of the bytes
 * the source has there now. Kept in the resume record (`UploadRecord.inFlight`), so that answer
 * counts as delivered only for these very bytes.
 */
export class InFlightChunks {
  /** This run's, until acknowledged. */
  private readonly sent = new Map<number, string>();

  constructor(
    /** Recorded by an earlier run (checked against the source when it is a file's). */
    private readonly before: ReadonlyMap<number, string> = new Map(),
    /** The upload's name is this call's own: only its own requests can have stored a chunk. */
    private readonly freshName = true,
  ) {}

  /** Chunk `index` goes out with bytes of this digest. */
  sending(index: number, digest: string): void {
    this.sent.set(index, digest);
  }

  acknowledged(index: number): void {
    this.sent.delete(index);
  }

  /** For the record: an earlier run's digest first (its bytes reached the service first, if any). */
  recorded(acknowledged: ReadonlySet<number>): InFlightChunk[] {
    const all = new Map([...this.sent, ...this.before]);
    return [...all]
      .filter(([index]) => !acknowledged.has(index))
      .sort(([a], [b]) => a - b)
      .map(([index, digest]) => ({ index, digest }));
  }

  /** Some chunk went out unanswered: a record kept after a pause or a failure must say so. */
  get any(): boolean {
    return this.sent.size > 0;
  }

  /**
   * Whether the service's `chunk-already-exists` for chunk `index`, whose bytes now have `digest`,
   * is this source's chunk: sent with these bytes before (recorded), or stored under a name only
   * this call used, or by this call's own earlier attempt (`retried`: an answer lost). Otherwise a
   * run that stopped before recording it (a crash) sent it, with bytes nobody can tell.
   */
  owns(index: number, digest: string, retried: boolean): boolean {
    const before = this.before.get(index);
    return before === undefined ? this.freshName || retried : before === digest;
  }
}

/** The service holds chunk `index` under this upload's name with bytes the record cannot vouch for. */
export function heldUnknown(index: number, key: string, forgotten: boolean): UploadError {
  const next = forgotten
    ? 'Its resume record is deleted: upload it again (the same key starts afresh under a new name)'
    : `Its resume record "${key}" could not be deleted: upload it again under another resume key`;
  return new UploadError(
    `The service already holds chunk ${index} of this upload, sent by an earlier run that stopped before recording its bytes: the source may have changed there since, so nothing was finalized. ${next}`,
    { failedChunks: [index] },
  );
}
