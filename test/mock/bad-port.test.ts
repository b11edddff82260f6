import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock/index.js';

// newuser17: `seatpay-mock --port 6000` listened where every client failed "bad port"; the
// command's refusal (a child through tsx) is bad-port.full.test.ts.

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

// newuser18: a port read from the environment is text (`startMockServer({ port: process.env.PORT })`
// from JavaScript). Node listens on '6000' as on 6000, and the check above compared it with
// numbers only: it listened there, and every client failed "bad port". 'abc' listened on a pipe
// of that name, and the server's url said `http://127.0.0.1:undefined`.
describe('startMockServer given its port as text', () => {
  const outcome = (port: unknown): Promise<unknown> =>
    startMockServer({ port: port as number }).then(
      async (server) => {
        await server.close();
        return server.url;
      },
      (error: unknown) => error,
    );

  it("'6000' is refused as 6000 is", async () => {
    const refused = await outcome('6000');
    expect(refused).toBeInstanceOf(RangeError);
    expect((refused as Error).message).toBe(
      `startMockServer: port 6000 is a port fetch refuses to connect to (a "bad port" in Node and browsers): no client could reach the simulator there; pick another (0, the default, for any free port)`,
    );
  });

  it("'abc' is refused, saying what a port is", async () => {
    const refused = await outcome('abc');
    expect(refused).toBeInstanceOf(RangeError);
    expect((refused as Error).message).toBe(
      'startMockServer: port must be a whole number from 0 to 65535 (0, the default, for any free port), not "abc"',
    );
  });

  it("'0' listens on a free port, named in the url", async () => {
    expect(await outcome('0')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
