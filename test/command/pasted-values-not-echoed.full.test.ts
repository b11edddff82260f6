import { describe, expect, it } from 'vitest';
import { runBin } from './run-bin.js';
import { runCommand } from '../mock/command-support.js';

// review21c: newuser21 hid a token or card pasted where a command, an action or a flag goes; the
// same pasted where a number, a choice or nothing goes was printed back whole on stderr:
// `--how-many sk_live_...`, `seats list 4111…` (a card typed as the subscription), an extra
// argument, `--profile <token>`, and seatpay-mock's `--port <card>` or `--fault` counts. Nothing
// is sent either way; what is a short word or number is still quoted.

const TOKEN = 'sk_live_9fQ2xLmP4rT8vW1zK7bN3cY6';
const CARD = '4111111111111111';
const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('seatpay, a secret pasted as a value', () => {
  it.each([
    [['checkout', '--service', 'x', '--how-many', TOKEN], '--how-many must be a whole number'],
    [['seats', 'list', CARD], '<subscription> must be a whole number'],
    [['seats', 'list', '7', TOKEN], 'unexpected argument'],
    [['seats', 'list', '7', '--profile', TOKEN], '--profile must be spec or deployed'],
    [['team', 'get', '7', '--profile', `${CARD}`], '--profile must be spec or deployed'],
  ])('%j is not printed back, exit 2', async (argv, message) => {
    const ran = await runBin(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(`${message}`);
    expect(ran.stderr).toContain('not shown');
    expect(ran.stderr + ran.stdout).not.toContain(TOKEN.slice(8));
    expect(ran.stderr + ran.stdout).not.toContain(CARD.slice(4));
  });

  it('a short mistake is still quoted', async () => {
    const ran = await runBin(['seats', 'list', '7', '--profile', 'spce'], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain('--profile must be spec or deployed, not "spce"');
  });
});

describe('seatpay-mock, a secret pasted as a value', () => {
  it.each([
    [['--port', CARD], '--port must be a whole number'],
    [['--port', TOKEN], '--port must be a whole number'],
    [['--profile', TOKEN], '--profile must be'],
  ])('%j is not printed back, exit 2', async (argv, message) => {
    const { code, stdout, stderr } = await runCommand(argv);
    expect(code, stderr).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('not shown');
    expect(stderr + stdout).not.toContain(TOKEN.slice(8));
    expect(stderr + stdout).not.toContain(CARD.slice(4));
  });

  it('a port out of range is still quoted', async () => {
    const { code, stderr } = await runCommand(['--port', '70000']);
    expect(code, stderr).toBe(2);
    expect(stderr).toContain('not "70000"');
  });
});
