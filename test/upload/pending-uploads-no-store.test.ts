// newuser18: `client.media.pendingUploads()` with no store (from JavaScript, or a store variable
// left undefined) rejected with "A callback threw (see cause)", a TypeError as its cause: nothing
// said a store was missing. `discardUpload(undefined, key)` said "The upload store could not delete
// the record", as if a store had failed. Both are bad input, refused before anything is read.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, type UploadStore } from '../../src/index.js';
import { resumeHarness } from './support/resume-harness.js';

const h = resumeHarness();

const refusal = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => 'resolved',
    (error: unknown) => error,
  );

describe('pendingUploads given no store', () => {
  it.each([
    [undefined, 'not undefined'],
    [null, 'not null'],
    ['.seatpay-uploads', 'not ".seatpay-uploads"'],
  ])('%s: InvalidRequestError naming the store to give', async (store, what) => {
    const error = await refusal(h.client().media.pendingUploads(store as unknown as UploadStore));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      field: 'store',
      message: `Invalid store: one that can list its records is needed (${what}); give the store your uploads' \`resume.store\` was: localStorageUploadStore(), fileUploadStore(dir), or yours with a \`list\``,
    });
  });
});

describe('discardUpload given no store', () => {
  it.each([
    [undefined, 'not undefined'],
    [{ get: async () => undefined, set: async () => {} }, 'it has no `delete` method'],
  ])('%s: InvalidRequestError, nothing deleted', async (store, what) => {
    const error = await refusal(
      h.client().media.discardUpload(store as unknown as UploadStore, 'some-key'),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({
      field: 'store',
      message: `Invalid store: one that can delete a record is needed (${what}); give the store your uploads' \`resume.store\` was: localStorageUploadStore(), fileUploadStore(dir), or yours with a \`delete\``,
    });
  });
});
