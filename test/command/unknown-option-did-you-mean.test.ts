import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.js';

// newuser20: a misspelt flag (`--seat 3` for `--seats 3`, `--howmany`) was told only "unknown
// option --seat", though a misspelt CSV column is told the one it meant. The flag now names the
// command's own flag it most likely meant; a flag of no likeness names none. Nothing is sent either way.

const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('seatpay, a misspelt flag', () => {
  it.each([
    [['purchase', '--plan', 'team-per-seat', '--seat', '3'], '--seat', '--seats'],
    [['checkout', '--service', 'ai-credits', '--howmany', '10'], '--howmany', '--how-many'],
    [['checkout', '--subscripton=7'], '--subscripton', '--subscription'],
    [['upload', 'talk.mp4', '--resume-directory', 'r'], '--resume-directory', '--resume-dir'],
    [['team', 'update', '7', '--auto-rechage', 'on'], '--auto-rechage', '--auto-recharge'],
    [['seats', 'list', '7', '--jsn'], '--jsn', '--json'],
  ])('%j names the flag it meant, exit 2', async (argv, given, meant) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(`unknown option ${given}: did you mean ${meant}?`);
  });

  it('names none for a flag like no other', async () => {
    const ran = await runInProcess(['checkout', '--frobnicate'], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain('unknown option --frobnicate (see seatpay checkout --help)');
  });

  // review20c: a token pasted where a flag goes was echoed in "unknown option --sk_live_...".
  it.each([
    ['seats', 'list', '7', '--sk_live_9fQ2xLmP4rT8vW1zK7bN3cY6'],
    ['checkout', '--4242424242424242'],
    ['seats', 'list', '7', '--skLiveAbcDefGhiJklMnoPqrStu'],
    ['checkout', '--service=ai-credits', '--sk_live_9fQ2xLmP4rT8vW1zK7bN3cY6=x'],
  ])('%j does not echo a flag that is no flag name, exit 2', async (...argv) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain('unknown option (not shown: it is no flag name');
    expect(ran.stderr + ran.stdout).not.toMatch(/9fQ2xLmP4rT8|4242424242424242|AbcDefGhi/);
  });
});
