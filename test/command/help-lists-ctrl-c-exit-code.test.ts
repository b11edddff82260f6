import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// newuser19: `seatpay purchase` and `seatpay checkout` stopped by Ctrl-C exit 130, as the
// top-level help says, but their own --help listed 0 to 5 only (and named 130 in "a batch exits
// with its worst row (3, 2, 4, 5, 130, 1)" without saying what it is).

const server = useMockServer();
const folder = useTempFolder('seatpay-command-help-ctrl-c-');

/** Runs `seatpay <argv>` with Ctrl-C already pressed. */
async function stopped(argv: string[], env: Record<string, string>) {
  let stderr = '';
  const streams = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
  };
  const code = await main(argv, { streams, env, signal: AbortSignal.abort() });
  return { code, stderr };
}

describe('seatpay purchase and checkout --help, against a Ctrl-C', () => {
  it.each([
    ['purchase', ['--plan', 'personal', '--period', 'MONTH', '--key', 'order-1']],
    [
      'checkout',
      ['--service', 'ai-credits', '--how-many', '1', '--subscription', '1', '--key', 'topup-1'],
    ],
  ])('%s lists the code a Ctrl-C exits with', async (command, order) => {
    const env = ownerEnv(server(), {
      SEATPAY_CARD: JSON.stringify({ card_number: '4242424242424242', cvc: '123' }),
    });
    const ran = await stopped([command, ...order, '--journal', folder.in(`${command}.db`)], env);
    expect(ran.code, ran.stderr).toBe(130);

    const help = await runInProcess([command, '--help']);
    const exitCodes = help.stdout.slice(help.stdout.indexOf('Exit codes:')).replace(/\s+/g, ' ');
    expect(exitCodes).toMatch(/\b130 stopped by Ctrl-C\b/);
  });
});
