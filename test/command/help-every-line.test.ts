import { beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../mock/command-support.js';
import { runBin } from './run-bin.js';
import { runInProcess } from './run-in-process.js';

// loose24: each command's help (`seatpay checkout --help`) listed no `-v, --version`, which it
// takes as `seatpay --version` does; `seatpay-mock --help` had lines of up to 185 columns (its
// `--fault` syntax on one). Every help of both bins, every line, in 80 columns.

const COMMANDS = ['purchase', 'checkout', 'seats', 'team', 'upload', 'journal'];

type Ran = { code: number | null; stdout: string; stderr: string };
const ran = new Map<string, Ran>();

// The bins as child processes, side by side and once (each starts Node and tsx): seatpay-mock,
// and seatpay's top-level help, version and checkout's; the other commands through the bin's
// own module, `main`, in this process.
beforeAll(async () => {
  const runs: [string, Promise<Ran>][] = [
    ['seatpay --help', runBin(['--help'], {})],
    ['seatpay --version', runBin(['--version'], {})],
    ['seatpay checkout --help', runBin(['checkout', '--help'], {})],
    ['seatpay checkout --version', runBin(['checkout', '--version'], {})],
    ['seatpay-mock --help', runCommand(['--help'])],
  ];
  const done = await Promise.all(runs.map(([, run]) => run));
  runs.forEach(([name], at) => ran.set(name, done[at]!));
  for (const name of COMMANDS)
    // Given nothing, a command prints its usage lines (on stderr, exit 2).
    for (const args of [[name, '--help'], [name, '--version'], [name]])
      if (!ran.has(`seatpay ${args.join(' ')}`))
        ran.set(`seatpay ${args.join(' ')}`, await runInProcess(args));
});

const of = (name: string): Ran => ran.get(name)!;

/** The option lines of a help's section: from its heading to the blank line after it. */
function section(help: string, heading: string): string[] {
  const [, lines = ''] = new RegExp(`^${heading}\\n(.*?)\\n\\n`, 'ms').exec(help) ?? [];
  return lines.split('\n').filter(Boolean);
}

describe('the help of seatpay and seatpay-mock', () => {
  it('fits every line of every help in 80 columns', () => {
    expect(ran.size).toBe(3 + 3 * COMMANDS.length);
    for (const [name, { stdout, stderr }] of ran) {
      expect(stdout + stderr, name).not.toBe('');
      const wide = `${stdout}${stderr}`.split('\n').filter((line) => line.length > 80);
      expect(wide, name).toEqual([]);
    }
  });

  it("lists seatpay's own options in every command's global options", () => {
    const top = section(of('seatpay --help').stdout, 'Options:');
    expect(top.join('\n')).toMatch(/^ {2}-h, --help .*\n {2}-v, --version /);
    for (const name of COMMANDS) {
      const { code, stdout } = of(`seatpay ${name} --help`);
      expect(code, name).toBe(0);
      expect(section(stdout, 'Global options:'), name).toEqual(expect.arrayContaining(top));
    }
  });

  it('prints the version after any command as seatpay --version does', () => {
    const top = of('seatpay --version');
    expect(top).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^\d+\.\d+\.\d+\S*\n$/),
      stderr: '',
    });
    for (const name of COMMANDS) expect(of(`seatpay ${name} --version`), name).toEqual(top);
  });
});
