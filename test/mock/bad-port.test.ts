import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock/index.js';
import { runCommand } from './command-support.js';

// newuser17: `seatpay-mock --port 6000` listened and printed its banner (curl reached it), while
// every seatpay client failed with "Connection failed ... bad port" (fetch refuses the Fetch
// standard's bad ports) and `seatpay checkout --key` there exited 3, "it may have been charged".

describe('seatpay-mock --port on a port fetch refuses', () => {
  it.each(['6000', '5060', '10080'])(
    '--port %s is a usage mistake, said in one line',
    async (port) => {
      const { code, stdout, stderr } = await runCommand(['--port', port]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        `seatpay-mock: --port ${port} is a port fetch refuses to connect to (a "bad port" in Node and browsers): no client could reach the simulator there; pick another with --port (4010 by default, 0 for any free port) (see seatpay-mock --help)`,
      ]);
    },
  );
});

// review17a: `startMockServer({ port: 6000 })`, the same simulator started from a test's code,
// listened there as the command did, and every client of it failed "bad port".
describe('startMockServer on a port fetch refuses', () => {
  it.each([6000, 6666])('port %s is refused before anything listens', async (port) => {
    const started = startMockServer({ port }).then(
      async (server) => {
        await server.close();
        return 'listening';
      },
      (error: unknown) => error,
    );
    const refused = await started;
    expect(refused).toBeInstanceOf(RangeError);
    expect((refused as Error).message).toBe(
      `startMockServer: port ${port} is a port fetch refuses to connect to (a "bad port" in Node and browsers): no client could reach the simulator there; pick another (0, the default, for any free port)`,
    );
  });
});
