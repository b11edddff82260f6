import { describe, expect, it } from 'vitest';
import { runCommand } from './command-support.js';

// newuser17: `seatpay-mock --port 6000` listened and printed its banner (curl reached it), while
// every seatpay client failed with "Connection failed ... bad port" (fetch refuses the Fetch
// standard's bad ports) and `seatpay checkout --key` there exited 3, "it may have been charged".
// The command as a child (through tsx) here; startMockServer's refusal is bad-port.test.ts.

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
