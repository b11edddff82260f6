import { describe, expect, it } from 'vitest';
import { runCommand } from './command-support.js';

// newuser21: `seatpay-mock --prot 0` said only "unknown option --prot", where `seatpay` names the
// flag a misspelt one meant; `seatpay-mock 4000` said "unexpected argument", not that it takes
// --port; `seatpay-mock --port` said "Option '-p, --port <value>' argument missing"; and a token
// pasted where a flag goes was printed back whole. Nothing listens either way.

describe('seatpay-mock, a misspelt flag or a stray argument', () => {
  it.each([
    [['--prot', '0'], 'unknown option --prot: did you mean --port?'],
    [['--owner-tokn', 'dev'], 'unknown option --owner-tokn: did you mean --owner-token?'],
    [
      ['--subscription-dely', '2000'],
      'unknown option --subscription-dely: did you mean --subscription-delay?',
    ],
    [['4000'], 'unexpected argument "4000" (did you mean --port 4000?)'],
    [['--port'], '--port needs a value: --port <value>'],
  ])('%j names what it meant, exit 2', async (argv, message) => {
    const { code, stdout, stderr } = await runCommand(argv);
    expect(code, stderr).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(`seatpay-mock: ${message} (see seatpay-mock --help)`);
  });

  it.each([['--sk_live_9fQ2xLmP4rT8vW1zK7bN3cY6'], ['sk_live_9fQ2xLmP4rT8vW1zK7bN3cY6']])(
    '%s, no name, is not printed back, exit 2',
    async (given) => {
      const { code, stdout, stderr } = await runCommand([given]);
      expect(code, stderr).toBe(2);
      expect(stderr).toContain('(not shown: it ');
      expect(stdout + stderr).not.toContain('9fQ2xLmP4rT8');
    },
  );
});
