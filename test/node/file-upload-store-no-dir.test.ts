// review21b: `fileUploadStore(process.env.UPLOADS!)` with the variable unset made a store without
// complaint; the upload resuming with it failed at its first use of the store with node:path's
// TypeError [ERR_INVALID_ARG_TYPE], which no branch on SeatpayError catches, and `''` put the
// records in the working directory. Refused when the store is made, as fileJournal and fromPath
// refuse theirs (newuser21).
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { fileUploadStore } from '../../src/node.js';

describe('fileUploadStore given no directory', () => {
  it.each([
    [undefined, 'undefined'],
    [null, 'null'],
    ['', 'an empty string'],
    [7, 'a number'],
  ])('%j is refused with InvalidRequestError on `dir`', (given, said) => {
    let refused: unknown;
    try {
      fileUploadStore(given as string);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'dir' });
    expect((refused as Error).message).toBe(
      `fileUploadStore needs a directory's path, not ${said}`,
    );
  });
});
