import { UploadDigestMismatchError } from '../helper-errors.js';
import type { MediaFile } from '../../schemas/media.js';

/**
 * The service names the file by the md5 of what it assembled: any other name means a file that
 * is not the source (chunks stored under another index, truncated, another upload's). The file
 * exists; nothing is retried, and the resume record is gone, so uploading again starts afresh.
 */
export function checkWhole(file: MediaFile, expectedMd5: string): void {
  // Under validate 'warn' or 'off' the answer is any JSON the service sent (null, a name that is
  // an object): it still ends as this error, never as a TypeError of reading it.
  const answer: Partial<MediaFile> = typeof file === 'object' && file !== null ? file : {};
  const { id, name } = answer;
  const fileId = typeof id === 'number' ? id : undefined;
  const receivedMd5 = typeof name === 'string' ? name.toLowerCase() : String(JSON.stringify(name));
  if (receivedMd5 === expectedMd5) return;
  throw new UploadDigestMismatchError({ fileId, expectedMd5, receivedMd5 });
}
