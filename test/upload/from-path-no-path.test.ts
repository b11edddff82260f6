// newuser21: the README's script run without its argument (`node upload.ts`, so
// `fromPath(process.argv[2]!)` is `fromPath(undefined)`) rejected with node:path's TypeError
// [ERR_INVALID_ARG_TYPE], not a SeatpayError: an app branching on `InvalidRequestError` ("nothing
// sent, fix the argument") let it through as an unknown failure.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { fromPath } from '../../src/node.js';

describe('fromPath given no path', () => {
  it.each([
    [undefined, 'undefined'],
    ['', 'an empty string'],
    [42, 'a number'],
  ])('%j rejects with InvalidRequestError on `path`', async (given, said) => {
    const refused = await fromPath(given as string).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'path' });
    expect((refused as Error).message).toBe(`fromPath needs a file's path, not ${said}`);
  });
});
