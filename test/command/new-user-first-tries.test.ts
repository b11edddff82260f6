import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.js';

// newuser23: what a new user tries first. `seatpay purchase` alone said "--key is missing", and
// once given, the next flag missing, one run at a time; a flag given twice (`--how-many 1
// --how-many 2`) was taken as its last value, silently; `journal list --stage nope` with a
// mistyped journal path was told of the journal, not of the stage. Each is refused at once,
// exit 2, nothing sent and no file touched; with --json too (stdout stays empty).

const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };
const order = ['--service', 'ai-credits', '--key', 'topup-1', '--journal', '/no/such/dir/j.db'];

describe('seatpay, as a new user tries it', () => {
  it.each([
    [['purchase'], 'purchase needs arguments; usage (see seatpay purchase --help):', '--plan'],
    [['checkout', '--json'], 'checkout needs arguments; usage', '--how-many <n>'],
    [['journal'], 'journal needs arguments; usage', 'settle <key> --charged'],
  ])('%j is told its usage lines, exit 2', async (argv, said, line) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(`seatpay: ${said}`);
    expect(ran.stderr).toMatch(new RegExp(`^  seatpay ${argv[0]} .*${line}`, 'm'));
  });

  it.each([
    [['checkout', ...order, '--how-many', '1', '--how-many', '2']],
    [['checkout', ...order, '--how-many=1', '--how-many=2', '--json']],
    [['checkout', ...order, '--how-many', '2', '--how-many=2']],
  ])('%j refuses a flag given twice, exit 2, stdout empty', async (argv) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toBe(
      'seatpay: --how-many is given twice: give it once; which one was meant is not guessed (see seatpay checkout --help)\n',
    );
  });

  it.each([
    [
      ['--stage', 'nope'],
      '--stage must be one of paying, sending, refused, paid, subscribed, done',
    ],
    [['--limit', 'ten', '--json'], '--limit must be a whole number from 1'],
  ])('journal list %j is refused before the journal is looked for', async (flags, said) => {
    const argv = ['journal', 'list', '--journal', '/no/such/file', ...flags];
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(`seatpay: ${said}`);
    expect(ran.stderr).not.toContain('no journal');
  });

  it('tells --how-many= (an empty shell variable) it is empty, not missing', async () => {
    const ran = await runInProcess(['checkout', ...order, '--how-many='], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toBe(
      'seatpay: --how-many is given empty: --how-many <value> (see seatpay checkout --help)\n',
    );
  });
});
