// A review of newuser19's fromPath refusal (a path that cannot be read): a file this process may
// not read (mode 000, another user's) stats and opens as a blob all the same, so fromPath resolved
// and the upload failed at its first chunk, after `seatpay upload` had sent the files before it.
// Permissions do not bind root: the check runs fromPath as another user (setpriv), where it can.
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';

const folder = useTempFolder('seatpay-from-path-unreadable-');
const asNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--help']).status === 0;

describe('fromPath of a file this process may not read', () => {
  it.runIf(asNobody)('rejects with InvalidRequestError (EACCES), nothing to send', () => {
    const locked = folder.in('locked.bin');
    writeFileSync(locked, 'secret bytes');
    chmodSync(locked, 0o000);
    chmodSync(folder.dir, 0o755);
    const script = `
      const { fromPath } = await import(${JSON.stringify(new URL('../../src/node.ts', import.meta.url).pathname)});
      const { InvalidRequestError } = await import(${JSON.stringify(new URL('../../src/index.ts', import.meta.url).pathname)});
      const outcome = await fromPath(${JSON.stringify(locked)}).then(
        (file) => ({ resolved: file.size }),
        (error) => ({ refused: error instanceof InvalidRequestError, message: error.message, code: error.cause?.code }),
      );
      console.log(JSON.stringify(outcome));`;
    const run = spawnSync(
      'setpriv',
      [
        '--reuid',
        '65534',
        '--regid',
        '65534',
        '--clear-groups',
        process.execPath,
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
      ],
      { encoding: 'utf8', env: { ...process.env, HOME: folder.dir } },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      refused: true,
      message: `${locked} cannot be read (EACCES): check the path`,
      code: 'EACCES',
    });
  });
});
