import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';

// redteam51: `seatpay upload a b` with the service down printed `seatpay: …/a.bin: Connection
// failed for GET …: connect ECONNREFUSED …`, as if a.bin had failed; the line now says the service
// could not be reached, that nothing of a.bin was sent, and to run it again once it answers.

const folder = useTempFolder('seatpay-command-service-down-');

/** A loopback port nothing listens on: taken, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  const { port } = server.address() as { port: number };
  await new Promise<void>((go) => server.close(() => go()));
  return port;
}

describe('seatpay upload of several files against a service that is down', () => {
  it('says the service could not be reached, not that a file failed', async () => {
    const first = folder.in('first.bin');
    const second = folder.in('second.bin');
    await writeFile(first, new Uint8Array(200).fill(1));
    await writeFile(second, new Uint8Array(200).fill(2));
    const env = {
      SEATPAY_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
      SEATPAY_TOKEN: 'tok_test_service_down',
      SEATPAY_LOG: 'off',
    };
    const ran = await runInProcess(['upload', first, second], env);
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stdout).toBe('');
    const lines = ran.stderr.split('\n').filter((line) => line.startsWith('seatpay:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^seatpay: the service could not be reached \(Connection failed for GET http:\/\/127\.0\.0\.1:\d+\/\S+: connect ECONNREFUSED [^)]+\): nothing of \S*first\.bin was sent; run the same command again once it answers$/,
    );
  });
});
