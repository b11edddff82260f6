import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runBin } from './run-bin.js';

// review22: newuser22 made an operation type's read answered 404 a usage mistake blaming
// `--operation-type`, whatever the listing said. With a base URL that answers 404 to everything
// (a path missing from it), `--operation-type media`, a type the service has, was told "is not one
// the service has" and the user sent to fix the wrong flag. The flag is blamed only when the
// service's own list lacks it.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-operation-type-unread-');

describe('seatpay upload whose operation type read answers 404', () => {
  it('does not blame --operation-type when the service lists none (a wrong base URL)', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'talk.bin');
    const wrong = { ...env, SEATPAY_BASE_URL: `${server().url}/no-such-prefix` };

    const ran = await runBin(['upload', path, '--operation-type', 'media'], wrong);

    expect(ran.stderr).not.toContain('is not one the service has');
    expect(ran.stderr).toContain('404');
    expect(ran.code, ran.stderr).toBe(1);
    expect(server().simulator.file(1), 'a file finalized on the service').toBeUndefined();
  });

  it('does not blame --operation-type when the service lists it (a 404 of its own)', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'clip.bin');
    server().simulator.faults.inject({
      route: 'GET /v2/media/operationtype/{operation_type}',
      kind: 'status',
      status: 404,
    });

    const ran = await runBin(['upload', path, '--operation-type', 'media'], env);

    expect(ran.stderr).not.toContain('is not one the service has');
    expect(ran.code, ran.stderr).toBe(1);
  });
});
