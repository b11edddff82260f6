import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runBin } from './run-bin.js';

// newuser22: `seatpay upload talk.mp4 --operation-type medai` (a choice mistyped) said
// `talk.mp4: 404 Invalid operation type (GET /v2/media/operationtype/medai)` and exited 1, as if
// the upload had failed: no word of the operation types there are. It is a usage mistake (exit 2)
// that lists the service's own, with the one most likely meant.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-operation-type-');

describe('seatpay upload --operation-type <one the service does not have>', () => {
  it('exits 2 listing the operation types the service has, with nothing sent', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'talk.bin');
    const types = await fetch(`${server().url}/v2/media/operationtype`, {
      headers: { Authorization: `Bearer ${env.SEATPAY_TOKEN}` },
    });
    const known = (await types.json()) as string[];
    expect(known).toContain('media');

    const ran = await runBin(['upload', path, '--operation-type', 'medai'], env);

    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(
      `--operation-type "medai" is not one the service has (did you mean media?); one of ${known.join(', ')}; nothing was sent`,
    );
    expect(server().simulator.file(1), 'a file finalized on the service').toBeUndefined();
  });
});
