import type { SubscriptionList } from '../schemas/subscriptions.js';
import { SeatpayError } from '../core/errors/seatpay-error.js';

/** A wait's advice in its `SubscriptionTimeoutError`: a purchase's gives its own (`waitTimeout`). */
export const WAIT_AGAIN = '; wait again with a longer timeout';

/**
 * `subscriptions.waitFor` ran out of time; `lastListing` is the last listing it read, if any.
 * `purchase` throws it too when no subscription appears after paying (or, when paying itself
 * failed ambiguously, the payment's error instead). The last transient poll error is its `cause`.
 *
 * @example
 * ```ts
 * import { SubscriptionTimeoutError } from 'seatpay';
 *
 * try {
 *   await client.subscriptions.waitFor({ exclude: before, timeout: 60_000 });
 * } catch (error) {
 *   if (!(error instanceof SubscriptionTimeoutError)) throw error;
 *   console.log(`nothing new after ${error.waitedMs} ms`, error.lastListing?.subscriptions.length);
 * }
 * ```
 * @category Errors
 */
export class SubscriptionTimeoutError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'SubscriptionTimeoutError';
  /** The last listing a poll read, or undefined when every poll failed. */
  readonly lastListing: SubscriptionList | undefined;
  /** The `timeout` that ran out, in ms. */
  readonly waitedMs: number;

  constructor(
    waitedMs: number,
    lastListing: SubscriptionList | undefined,
    options?: { cause?: unknown },
  ) {
    const seen = lastListing === undefined ? 'every poll failed, see cause' : 'none new listed';
    super(`No new subscription appeared within ${waitedMs} ms (${seen}${WAIT_AGAIN})`, options);
    this.waitedMs = waitedMs;
    this.lastListing = lastListing;
  }
}

/**
 * A chunked upload failed for good and was not finalized. `failedChunks` holds the indexes that
 * could not be delivered; `cause` is the last error. Thrown by `media.upload` once a chunk's
 * retries are spent; the chunks still running are stopped first.
 *
 * @example
 * ```ts
 * import { UploadError } from 'seatpay';
 *
 * try {
 *   await client.media.upload(file, { operation_type: 'media' });
 * } catch (error) {
 *   if (!(error instanceof UploadError)) throw error;
 *   console.log('chunks not delivered:', error.failedChunks, 'last error:', error.cause);
 * }
 * ```
 * @category Errors
 */
export class UploadError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'UploadError';
  /** The indexes of the chunks that could not be delivered, in order. */
  readonly failedChunks: number[];
  /**
   * True (else absent) when finalize was answered that chunks are missing (`cause`: the service's
   * `some-chunks-not-found`) though this call sent every chunk itself, none resumed: uploading
   * again sends the file whole and may fail the same way.
   */
  declare readonly sentEveryChunk?: true;

  constructor(
    message: string,
    details: { failedChunks: number[]; cause?: unknown; sentEveryChunk?: boolean },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.failedChunks = details.failedChunks;
    if (details.sentEveryChunk) (this as { sentEveryChunk?: true }).sentEveryChunk = true;
  }
}

/**
 * A resumed upload whose finalize was sent before, by an earlier call whose answer never said
 * whether the file was made (a timeout, a dropped connection, a 5xx): the service may have made the file already, and no media
 * call lists or finds files, so finalizing again could make a second copy. Nothing was sent. The
 * resume record is kept, so every resume says the same until the user decides: check the
 * service, then upload again without `resume` (or after `store.delete(resumeKey)`) if the file is
 * not there.
 *
 * @example
 * ```ts
 * import { UploadMayExistError } from 'seatpay';
 *
 * try {
 *   await client.media.upload(file, { operation_type: 'media', resume: { store } });
 * } catch (error) {
 *   if (!(error instanceof UploadMayExistError)) throw error;
 *   console.log(`"${error.uploadName}" may already be on the service; not uploaded twice`);
 * }
 * ```
 * @category Errors
 */
export class UploadMayExistError extends UploadError {
  static override readonly seatpayErrorClass: string = 'UploadMayExistError';
  /** The unique name the upload's chunks and finalize carried. */
  readonly uploadName: string;
  /** The key of its resume record in the store. */
  readonly resumeKey: string;

  constructor(details: { uploadName: string; resumeKey: string }) {
    super(
      `The upload "${details.uploadName}" was finalized by an earlier call whose answer never said whether the file was made (none came, or a 5xx), so the file may already exist on the service; it was not finalized again (that could make a second copy). If the file is not there, upload again without resume, or delete its resume record first (\`client.media.discardUpload(store, ${JSON.stringify(details.resumeKey)})\`)`,
      { failedChunks: [] },
    );
    this.uploadName = details.uploadName;
    this.resumeKey = details.resumeKey;
  }
}

/**
 * The service finalized the upload, but the file it assembled is not the source: the md5 it named
 * the file by (`receivedMd5`, the finalize answer's `name`) differs from the md5 of every byte of
 * the source (`expectedMd5`), chunks acknowledged by an earlier run included. A chunk stored under
 * another index, a truncated chunk, another upload's chunk, a body rewritten on the way: the file
 * `fileId` exists on the service and is not the source. Nothing is retried: do not use that file
 * (remove or ignore it on the service), and upload the source again (its resume record is gone,
 * so the next upload starts afresh under a new name).
 *
 * @example
 * ```ts
 * import { UploadDigestMismatchError } from 'seatpay';
 *
 * try {
 *   await client.media.upload(file, { operation_type: 'media' });
 * } catch (error) {
 *   if (!(error instanceof UploadDigestMismatchError)) throw error;
 *   console.log(`file ${error.fileId} is not the source: ${error.receivedMd5} != ${error.expectedMd5}`);
 * }
 * ```
 * @category Errors
 */
export class UploadDigestMismatchError extends UploadError {
  static override readonly seatpayErrorClass: string = 'UploadDigestMismatchError';
  /**
   * The id of the file the service made (from the finalize answer); undefined when the answer
   * named none (under `validate: 'warn'` or `'off'` it is whatever JSON the service sent).
   */
  readonly fileId: number | undefined;
  /** The md5 (hex) of the source's bytes, as seatpay read them. */
  readonly expectedMd5: string;
  /**
   * The md5 the service named the file by: that of the bytes it assembled; the answer's `name` as
   * JSON (`undefined` when missing) when it is no string.
   */
  readonly receivedMd5: string;

  constructor(details: { fileId: number | undefined; expectedMd5: string; receivedMd5: string }) {
    super(mismatchMessage(details), { failedChunks: [] });
    this.fileId = details.fileId;
    this.expectedMd5 = details.expectedMd5;
    this.receivedMd5 = details.receivedMd5;
  }
}

/**
 * What happened, in each case a lying or broken answer allows: an answer with no file id (or no
 * md5 name) cannot say which file is not the source, and the message says so instead of
 * "file undefined".
 */
function mismatchMessage(details: {
  fileId: number | undefined;
  expectedMd5: string;
  receivedMd5: string;
}): string {
  const { fileId, expectedMd5, receivedMd5 } = details;
  const named = /^[0-9a-f]{32}$/.test(receivedMd5)
    ? `its md5 is ${receivedMd5}`
    : `its answer names it by no md5 (name: ${receivedMd5.slice(0, 80)})`;
  const which =
    typeof fileId === 'number'
      ? `file ${fileId} exists on the service, but ${named}`
      : `its finalize answer gives no file id, so which file it made cannot be told; ${named}`;
  const advice =
    typeof fileId === 'number'
      ? 'do not use that file, and upload the source again'
      : 'do not use a file this upload made, and upload the source again';
  return `The service assembled a file that is not the source: ${which}, and the source's is ${expectedMd5}. It was not retried: ${advice}`;
}

/**
 * The upload's source changed or could not be read while it uploaded: a file truncated, grown or
 * rewritten after `fromPath` (or `fs.openAsBlob`) opened it, a `File` from a page's file input
 * that the browser no longer reads (`NotReadableError`), a stream that failed or held another
 * number of bytes than its `size`. Nothing was finalized, and the chunk was not retried: reading
 * a changed source again cannot give the bytes the upload started with, and chunks of two
 * versions of a file must never be assembled into one. `cause` is the read's own error;
 * `failedChunks` the chunks being read.
 *
 * Upload the source again as it is now. With `resume`, the same resume key keeps the chunks
 * already acknowledged, and each is reused only if the source's bytes still match it (its
 * SHA-256 is in the record): a file that changed starts afresh, a stream read again from its
 * start sends only what is missing.
 *
 * @example
 * ```ts
 * import { UploadSourceError } from 'seatpay';
 *
 * try {
 *   await client.media.upload(file, { operation_type: 'media' });
 * } catch (error) {
 *   if (!(error instanceof UploadSourceError)) throw error;
 *   console.log('the file changed while it uploaded: pick it again', error.cause);
 * }
 * ```
 * @category Errors
 */
export class UploadSourceError extends UploadError {
  static override readonly seatpayErrorClass: string = 'UploadSourceError';
  /** The unique name the upload's chunks carried (undefined when it failed before it had one). */
  readonly uploadName: string | undefined;
  /** The key of its resume record in the store, when the upload has `resume`. */
  readonly resumeKey: string | undefined;

  constructor(details: {
    failedChunks: number[];
    cause: unknown;
    reason: string;
    uploadName: string | undefined;
    resumeKey: string | undefined;
  }) {
    const chunks = details.failedChunks;
    const again =
      details.resumeKey === undefined
        ? 'upload it again from the source as it is now'
        : `upload it again from the source as it is now, with the same resume key: the chunks already acknowledged are kept in its resume record and reused only where the source's bytes still match them`;
    const where =
      chunks.length === 0
        ? ''
        : `${chunks.length === 1 ? 'chunk' : 'chunks'} ${chunks.join(', ')}: `;
    super(
      `The source changed or could not be read while uploading (${where}${details.reason}), so the file was not finalized and nothing was retried: ${again}`,
      { failedChunks: chunks, cause: details.cause },
    );
    this.uploadName = details.uploadName;
    this.resumeKey = details.resumeKey;
  }
}

/**
 * This upload's hold on its resume record was lost while it ran: another upload took the record
 * over (a process of another machine or container, after this one went untouched for ten minutes:
 * paused by SIGSTOP or `docker pause`, a laptop asleep), or the store could no longer confirm the
 * hold (`UploadStore.lock`'s `held`). That upload now owns the record and its upload name: this
 * one stopped before its next record write or finalize, wrote nothing over the record, and
 * finalized nothing. `cause` is the store's error when it could not tell.
 *
 * Let the other upload finish (`client.media.pendingUploads(store)` lists it); if it is gone too,
 * run the upload again with the same resume key: it resumes from the record.
 *
 * @example
 * ```ts
 * import { UploadTakenOverError } from 'seatpay';
 *
 * try {
 *   await client.media.upload(file, { operation_type: 'media', resume: { store } });
 * } catch (error) {
 *   if (!(error instanceof UploadTakenOverError)) throw error;
 *   console.log(`"${error.resumeKey}" is being uploaded elsewhere now`);
 * }
 * ```
 * @category Errors
 */
export class UploadTakenOverError extends UploadError {
  static override readonly seatpayErrorClass: string = 'UploadTakenOverError';
  /** The unique name the upload's chunks carried (now the other upload's). */
  readonly uploadName: string;
  /** The key of its resume record in the store. */
  readonly resumeKey: string;

  constructor(details: { uploadName: string; resumeKey: string; cause?: unknown }) {
    super(
      `Another upload took over the resume record "${details.resumeKey}" while this one was paused (or the store could not confirm the hold): this one stopped, writing nothing over that record and finalizing nothing. Let the other upload finish; if it is gone, run the upload again with the same resume key`,
      { failedChunks: [], cause: details.cause },
    );
    this.uploadName = details.uploadName;
    this.resumeKey = details.resumeKey;
  }
}
