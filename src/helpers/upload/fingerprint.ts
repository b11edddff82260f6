import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import type { UploadSource } from './sources.js';

/** What an upload knows of its source to tell it from another one. */
export interface SourceIdentity {
  filename: string;
  size: number;
  /** A File's `lastModified` (`fromPath` sets the file's mtime); null for other sources. */
  lastModified: number | null;
}

export function sourceIdentity(
  source: UploadSource,
  filename: string,
  size: number,
): SourceIdentity {
  return { filename, size, lastModified: source instanceof File ? source.lastModified : null };
}

/**
 * The key of an upload's resume record: the caller's `key`, else a fingerprint of the file's name,
 * size and modification time, the operation type and the academy (as tus-js-client does). A source
 * with no modification time (bytes, a stream, a Blob that is no File) has no safe fingerprint: other
 * bytes of the same name and size would resume the old upload, so it needs a `key` of its own.
 */
export function resumeKey(
  given: string | undefined,
  identity: SourceIdentity,
  operationType: string,
  academy: string | null,
): string {
  if (given !== undefined) return given;
  if (identity.lastModified === null) {
    throw new InvalidRequestError(
      'Invalid resume.key: a source without a modification time (bytes, a stream, a Blob that is no File) needs its own resume key, one that changes when its bytes do',
      { field: 'resume.key' },
    );
  }
  const { filename, size, lastModified } = identity;
  return JSON.stringify([filename, size, lastModified, operationType, academy]);
}
