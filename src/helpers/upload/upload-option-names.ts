import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import { isSignal, signalAsOptionsError } from '../../signal-like.js';
import { checkKnownOptions } from '../unknown-option.js';

/**
 * What `client.media.upload` reads: `UploadOptions`' names (test/upload/upload-unknown-option.test.ts
 * checks at compile time that the two name the same options).
 */
export const UPLOAD_OPTIONS = [
  'operation_type',
  'filename',
  'mime',
  'meta',
  'academy',
  'concurrency',
  'chunkTimeout',
  'maxRetries',
  'signal',
  'onProgress',
  'onChunk',
  'checkDigest',
  'resume',
] as const;

/**
 * Refuses options an upload does not read, from JavaScript (TypeScript refuses them), before
 * anything is sent (newuser18): a misspelt option (`resum: { store }`, `sigal`, `chunkTimout`) was
 * read by nothing, so the upload ran without resume, could not be stopped, or waited 2 minutes
 * per attempt. One left `undefined` (a wrapper's spread) names nothing.
 */
export const checkUploadOptionNames = (options: object): void =>
  checkKnownOptions(options, UPLOAD_OPTIONS, 'upload', 'sent');

/**
 * Refuses a signal as `upload`'s options (it was told "Invalid operation_type", or that a filename
 * is needed) and what `upload` was given after its options, from JavaScript: `upload(file,
 * options, signal)` (as other libraries take one) was read by nothing, and an aborted signal
 * stopped nothing (newuser18). A third left `undefined`, or naming nothing, is none. Given the
 * options as the caller gave them: the client spreads them into a copy, no AbortSignal.
 */
export function checkUploadArguments(options: unknown, third: unknown): void {
  // Another realm's signal or a polyfill's too; options with a field `aborted` are none (signals19).
  if (isSignal(options)) throw signalAsOptionsError('{ operation_type, signal }');
  if (third === undefined) return;
  const signal = isSignal(third);
  let name: string | undefined;
  if (typeof third === 'object' && third !== null && !signal) {
    const named = third as Record<string, unknown>;
    name = Object.keys(named).find((n) => named[n] !== undefined);
    if (name === undefined) return;
  }
  const what = signal
    ? 'an AbortSignal'
    : name !== undefined
      ? `naming \`${name}\``
      : third === null
        ? 'null'
        : typeof third;
  throw new InvalidRequestError(
    `upload's third argument (${what}) is read by nothing: upload takes a source and its options, give \`signal\` or \`chunkTimeout\` in the options (\`{ operation_type, signal }\`). Nothing was sent`,
    { field: signal ? 'signal' : (name ?? 'options') },
  );
}
