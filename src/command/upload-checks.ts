import { stat } from 'node:fs/promises';
import { APIError, ConnectionError, TimeoutError, type SeatpayClient } from '../index.js';
import { FAILED, type ExitCode } from './exit-codes.js';
import { printableField } from './printable.js';
import { nearestName } from './nearest-name.js';
import { givenValue } from './unknown-name.js';
import { UsageError } from './usage-error.js';

// What `seatpay upload` refuses as a usage mistake, nothing of the file sent (newuser22).

/**
 * A `--resume-dir` that names a file: the store could make no record in it, so the upload went on
 * with a warning and could not be resumed after all. A folder that does not exist yet is made.
 */
export async function refuseResumeDirFile(dir: string): Promise<void> {
  const found = await stat(dir).catch(() => undefined);
  if (found && !found.isDirectory())
    throw new UsageError(
      `--resume-dir ${printableField(dir)} is a file, not a folder: give a folder (one that does not exist yet is made); nothing was sent`,
    );
}

/**
 * An `--operation-type` the service does not have (its read, the upload's first request, answered
 * 404): said with the ones it has, where `a.bin: 404 Invalid operation type` named none and
 * exited 1 ("failed") for a mistyped flag. Only when the service's list was read and lacks it: a
 * base URL answering 404 to everything, or a 404 for a type it lists, is no mistake of the flag
 * (review22: `--operation-type media` was told to be fixed), and fails as before.
 */
export async function unknownOperationType(
  error: unknown,
  type: string,
  client: SeatpayClient,
  signal: AbortSignal,
): Promise<UsageError | undefined> {
  const refusal = error instanceof APIError ? error : (error as { cause?: unknown }).cause;
  if (!(refusal instanceof APIError) || refusal.status !== 404 || refusal.method !== 'GET')
    return undefined;
  const types = await client.media.operationTypes({ signal }).catch(() => undefined);
  if (!types?.length || types.includes(type)) return undefined;
  const meant = nearestName(type.toLowerCase(), types);
  const given = `--operation-type ${givenValue(type)} is not one the service has`;
  return new UsageError(
    `${given}${meant ? ` (did you mean ${meant}?)` : ''}; one of ${types.join(', ')}; nothing was sent`,
  );
}

/**
 * The service not reached before the file's first chunk (the operation type's read: the
 * connection refused, the host not found, no answer in time, or a 5xx): nothing sent, said of the
 * service, not as the file's failure (`a.bin: Connection failed…` read as a.bin's fault). A 5xx
 * to that read exited 3, "the file may exist", for a file never sent (newuser22): it is 1.
 */
export function unreachedService(
  error: unknown,
  file: string,
): { said: string; exit?: ExitCode } | undefined {
  const answered = error instanceof APIError && error.status >= 500 && error.method === 'GET';
  if (answered && /\/operationtype\//.test(error.url))
    return {
      said: `the service answered ${oneLine(error)}: nothing of ${file} was sent`,
      exit: FAILED,
    };
  if (!(error instanceof ConnectionError) || error.mayHaveBeenProcessed) return undefined;
  if (error.method !== 'GET') return undefined; // finalize's: the file's own outcome
  const reached = error instanceof TimeoutError ? 'did not answer in time' : 'could not be reached';
  return { said: `the service ${reached} (${oneLine(error)}): nothing of ${file} was sent` };
}

const oneLine = (error: Error) => printableField(error.message.replace(/\s*\n\s*/g, '; '));
