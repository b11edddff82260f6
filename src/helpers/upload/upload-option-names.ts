import { InvalidRequestError } from '../../core/errors/validation-errors.js';

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
export function checkUploadOptionNames(options: object): void {
  const given = options as Record<string, unknown>;
  const known: readonly string[] = UPLOAD_OPTIONS;
  const name = Object.keys(given).find((n) => !known.includes(n) && given[n] !== undefined);
  if (name === undefined) return;
  throw new InvalidRequestError(
    `\`${name}\` is no option of upload: its options are ${known.join(', ')}. Nothing was sent`,
    { field: name },
  );
}

/**
 * Refuses a signal as `upload`'s options (it was told "Invalid operation_type", or that a filename
 * is needed) and what `upload` was given after its options, from JavaScript: `upload(file,
 * options, signal)` (as other libraries take one) was read by nothing, and an aborted signal
 * stopped nothing (newuser18). A third left `undefined`, or naming nothing, is none. Given the
 * options as the caller gave them: the client spreads them into a copy, no AbortSignal.
 */
export function checkUploadArguments(options: unknown, third: unknown): void {
  // Any object with an `aborted`: another realm's signal, or a polyfill's (as redteam43's check).
  if ('aborted' in Object(options)) {
    const message =
      'Invalid options: must be an object (a signal goes in it: `{ operation_type, signal }`)';
    throw new InvalidRequestError(message, { field: 'options' });
  }
  if (third === undefined) return;
  const signal = 'aborted' in Object(third);
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
