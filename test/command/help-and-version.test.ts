import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './run-bin.js';
import { runInProcess } from './run-in-process.js';

// newuser22: what a new user types first. `seatpay help`, `seatpay help journal` and a global
// flag before `--help` (`seatpay --json --help`) were "unknown command", the flag said to be "no
// command name and may be a secret"; `seatpay --json journal list` too, where the command only
// had to go first. `seatpay --help` and `seatpay journal --help` had lines of up to 106 columns.

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const HELP = [['--help'], ['-h'], ['help'], ['--json', '--help']];
const JOURNAL_HELP = [
  ['journal', '--help'],
  ['journal', '-h'],
  ['help', 'journal'],
];
// newuser23: after a command too (`seatpay upload --version` was "unknown option --version").
const VERSION = [
  ['--version'],
  ['-v'],
  ['--json', '--version'],
  ['upload', '--version'],
  ['purchase', '-v'],
  ['journal', 'list', '--json', '--version'],
];
const FLAG_FIRST = ['--json', 'journal', 'list'];

type Ran = Awaited<ReturnType<typeof runBin>>;
const ran = new Map<string, Ran>();
const of = (args: string[]) => ran.get(args.join(' '))!;

// The bin's runs side by side, once (each starts Node and tsx).
beforeAll(async () => {
  const lists = [...HELP, ...JOURNAL_HELP, ...VERSION, FLAG_FIRST];
  const runs = await Promise.all(lists.map((args) => runBin(args, {})));
  lists.forEach((args, at) => ran.set(args.join(' '), runs[at]!));
});

describe('seatpay help and version', () => {
  it('prints help on stdout, exit 0, however it is asked for', () => {
    for (const args of HELP) {
      const { code, stdout, stderr } = of(args);
      expect(code, `${args.join(' ')}: ${stderr}`).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^seatpay \S+: /);
      expect(stdout).toContain('Commands:');
    }
    for (const args of JOURNAL_HELP) {
      const { code, stdout, stderr } = of(args);
      expect(code, `${args.join(' ')}: ${stderr}`).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^seatpay journal: /);
    }
  });

  it("prints the package's version, exit 0", () => {
    for (const args of VERSION) {
      const { code, stdout, stderr } = of(args);
      expect(code, `${args.join(' ')}: ${stderr}`).toBe(0);
      expect(stdout).toBe(`${version}\n`);
    }
  });

  it('tells a command given after a flag to go first, without calling the flag a secret', () => {
    const { code, stdout, stderr } = of(FLAG_FIRST);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('the command goes first, then its options: seatpay journal');
    expect(stderr).not.toContain('secret');
  });

  it('fits seatpay --help and seatpay journal --help in 80 columns', () => {
    for (const args of [['--help'], ['journal', '--help']]) {
      const wide = of(args)
        .stdout.split('\n')
        .filter((line) => line.length > 80);
      expect(wide, args.join(' ')).toEqual([]);
    }
  });

  it("fits every other command's help in 80 columns too", async () => {
    for (const command of ['purchase', 'checkout', 'seats', 'team', 'upload']) {
      const { code, stdout } = await runInProcess([command, '--help']);
      expect(code).toBe(0);
      const wide = stdout.split('\n').filter((line) => line.length > 80);
      expect(wide, `${command} --help`).toEqual([]);
    }
  });
});
