import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBin } from './run-bin.js';

// newuser22: what a new user types first. `seatpay help`, `seatpay help journal` and a global
// flag before `--help` (`seatpay --json --help`) were "unknown command", the flag said to be "no
// command name and may be a secret"; `seatpay --json journal list` too, where the command only
// had to go first. `seatpay journal --help` had lines of up to 106 columns.

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** Each argument list run through the bin, side by side. */
const runEach = (lists: string[][]) =>
  Promise.all(lists.map(async (args) => [args, await runBin(args, {})] as const));

describe('seatpay help and version', () => {
  it('prints help on stdout, exit 0, however it is asked for', async () => {
    const asked = [['--help'], ['-h'], ['help'], ['--json', '--help']];
    for (const [args, ran] of await runEach(asked)) {
      expect(ran.code, `${args.join(' ')}: ${ran.stderr}`).toBe(0);
      expect(ran.stderr).toBe('');
      expect(ran.stdout).toMatch(/^seatpay \S+: /);
      expect(ran.stdout).toContain('Commands:');
    }
    for (const args of [
      ['journal', '--help'],
      ['journal', '-h'],
      ['help', 'journal'],
    ]) {
      const ran = await runBin(args, {});
      expect(ran.code, `${args.join(' ')}: ${ran.stderr}`).toBe(0);
      expect(ran.stderr).toBe('');
      expect(ran.stdout).toMatch(/^seatpay journal: /);
    }
  });

  it("prints the package's version, exit 0", async () => {
    for (const [args, ran] of await runEach([['--version'], ['-v'], ['--json', '--version']])) {
      expect(ran.code, `${args.join(' ')}: ${ran.stderr}`).toBe(0);
      expect(ran.stdout).toBe(`${version}\n`);
    }
  });

  it('tells a command given after a flag to go first, without calling the flag a secret', async () => {
    const ran = await runBin(['--json', 'journal', 'list'], {});
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain('the command goes first, then its options: seatpay journal');
    expect(ran.stderr).not.toContain('secret');
  });

  it('fits seatpay --help and seatpay journal --help in 80 columns', async () => {
    for (const [args, { stdout }] of await runEach([['--help'], ['journal', '--help']])) {
      const wide = stdout.split('\n').filter((line) => line.length > 80);
      expect(wide, args.join(' ')).toEqual([]);
    }
  });
});
