// newuser18: options an upload does not read, from JavaScript (TypeScript refuses them), as
// `subscriptions.waitFor` refuses its own since redteam40. A misspelt option (`resum: { store }`,
// `sigal`, `chunkTimout`) was read by nothing: the upload ran without resume, could not be stopped,
// or waited the default 2 minutes per attempt. A signal given as the options was told
// "Invalid operation_type"; one given as a third argument (`upload(file, options, signal)`, as
// other libraries take one) was read by nothing, and an aborted signal stopped nothing: the file
// was made. Each is refused before anything is sent.
import { expect, it } from 'vitest';
import {
  InvalidRequestError,
  localStorageUploadStore,
  type UploadOptions,
} from '../../src/index.js';
import { UPLOAD_OPTIONS } from '../../src/helpers/upload/upload-option-names.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';
import { useChunkSink } from './support/use-chunk-sink.js';

// The names refused as unknown are exactly UploadOptions' (compiles only so): a new option of
// upload left off the list would be refused; a name listed by mistake, read by nothing.
type Listed = (typeof UPLOAD_OPTIONS)[number];
export type EveryOptionListed<T extends never = Exclude<keyof UploadOptions, Listed>> = T;
export type NoOtherListed<T extends never = Exclude<Listed, keyof UploadOptions>> = T;

const CHUNK = 1024;
const sink = useChunkSink({ operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } } });

type Upload = (source: unknown, options: unknown, third?: unknown) => Promise<unknown>;
const upload = (options: unknown, third?: unknown): Promise<unknown> => {
  const { media } = sinkClient(sink());
  return (media.upload.bind(media) as Upload)(bytesOf(2 * CHUNK), options, third).catch(
    (caught: unknown) => caught,
  );
};
const OPTIONS = { operation_type: 'small', filename: 'a.bin' };
const OPTION_LIST = UPLOAD_OPTIONS.join(', ');

it.each([
  ['resum', { store: localStorageUploadStore() }],
  ['sigal', AbortSignal.abort()],
  ['chunkTimout', 1],
])('`%s`: InvalidRequestError naming it and the options, nothing sent', async (name, value) => {
  const error = await upload({ ...OPTIONS, [name]: value });
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({
    field: name,
    message: `\`${name}\` is no option of upload: its options are ${OPTION_LIST}. Nothing was sent`,
  });
  expect(sink().chunks).toHaveLength(0);
  expect(sink().finalizeCalls).toBe(0);
});

it('an option left undefined (a wrapper spread it) names nothing: the upload runs', async () => {
  await upload({ ...OPTIONS, resum: undefined });
  expect(sink().finalizeCalls).toBe(1);
});

it('a signal as the options: told where it goes, nothing sent', async () => {
  const error = await upload(AbortSignal.abort());
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({
    field: 'options',
    message:
      'Invalid options: must be an object (a signal goes in it: `{ operation_type, signal }`)',
  });
  expect(sink().chunks).toHaveLength(0);
});

it.each([
  ['an AbortSignal', AbortSignal.abort(), 'signal'],
  ['naming `chunkTimeout`', { chunkTimeout: 1 }, 'chunkTimeout'],
  ['null', null, 'options'],
])('a third argument (%s): InvalidRequestError, nothing sent', async (what, third, field) => {
  const error = await upload(OPTIONS, third);
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({
    field,
    message: `upload's third argument (${what}) is read by nothing: upload takes a source and its options, give \`signal\` or \`chunkTimeout\` in the options (\`{ operation_type, signal }\`). Nothing was sent`,
  });
  expect(sink().chunks).toHaveLength(0);
  expect(sink().finalizeCalls).toBe(0);
});

it('a third argument left undefined, or naming nothing, is none: the upload runs', async () => {
  await upload(OPTIONS, undefined);
  await upload(OPTIONS, { signal: undefined });
  expect(sink().finalizeCalls).toBe(2);
});

// signals19: options with a field of their own named `aborted` were taken for a signal given as the
// options ("a signal goes in it"), the misspelt option beside it never named. A signal listens:
// such options are read, the option they misspell named.
it('options with their own `aborted` are no signal: the unknown option is named, nothing sent', async () => {
  const error = await upload({ ...OPTIONS, aborted: false, resum: true });
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({
    field: 'aborted',
    message: `\`aborted\` is no option of upload: its options are ${OPTION_LIST}. Nothing was sent`,
  });
  const third = await upload(OPTIONS, { aborted: true });
  expect(third).toMatchObject({ field: 'aborted' });
  expect(String(third)).toContain("upload's third argument (naming `aborted`)");
  expect(sink().chunks).toHaveLength(0);
});
