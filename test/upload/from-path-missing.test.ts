// newuser19: the README's script run with a mistyped path (`node upload.ts talk.mp3`) rejected
// with Node's own ENOENT error, not a SeatpayError: an app branching on `instanceof SeatpayError`
// (or on `InvalidRequestError`, "nothing sent") let it through as an unknown failure.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { fromPath } from '../../src/node.js';
import { useTempFolder } from '../support/temp-folder.js';

const folder = useTempFolder('seatpay-from-path-missing-');

describe('fromPath of a path that does not exist', () => {
  it('rejects with InvalidRequestError naming the path, the fs error as its cause', async () => {
    const missing = folder.in('talk.mp3');
    const refused = await fromPath(missing).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'path' });
    expect((refused as Error).message).toBe(`${missing} cannot be read (ENOENT): check the path`);
    expect((refused as Error).cause).toMatchObject({ code: 'ENOENT' });
  });
});
