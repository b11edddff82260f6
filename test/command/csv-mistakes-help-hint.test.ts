import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';

// newuser20: a CSV with several mistakes was told "Fix them all and run again: (see seatpay
// checkout --help)", the pointer to the help dangling after the colon that leads the list.

const folder = useTempFolder('seatpay-csv-mistakes-hint-');
const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('seatpay checkout --csv with several mistakes', () => {
  it('ends its first line with the colon that leads the list, the help named before it', async () => {
    const csv = folder.in('topups.csv');
    await writeFile(csv, 'key,service,howmany,subscription\nb-1,ai-credits,5,101\n');
    const ran = await runInProcess(['checkout', '--csv', csv, '--journal', folder.in('j.db')], env);
    expect(ran.code, ran.stderr).toBe(2);
    const [first, ...rest] = ran.stderr.split('\n');
    expect(first).toBe(
      `seatpay: ${csv} has 2 mistakes; nothing was sent. Fix them all and run again (see seatpay checkout --help):`,
    );
    expect(rest[0]).toContain('unknown column "howmany": did you mean "how_many"?');
  });
});
