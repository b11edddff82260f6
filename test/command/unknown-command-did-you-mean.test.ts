import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.js';

// newuser21: a misspelt command or action (`seatpay jounral list`, `seatpay seats lst 7`) was told
// only the list of names, though a misspelt flag is told the one it meant; and a token or card
// pasted there (`seatpay seats sk_live_... 7`) was printed back whole, where the same pasted as a
// flag is not shown. Nothing is sent either way.

const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('seatpay, a misspelt command or action', () => {
  it.each([
    [['jounral', 'list'], 'unknown command "jounral" (did you mean journal?); one of purchase'],
    [['Checkout'], 'unknown command "Checkout" (did you mean checkout?); one of purchase'],
    [
      ['seats', 'lst', '7'],
      'seats needs list, add, replace or remove, not "lst" (did you mean list?)',
    ],
    [
      ['journal', 'lsit'],
      'journal needs list, reconcile or settle, not "lsit" (did you mean list?)',
    ],
    [['team', 'updte', '7'], 'team needs get or update, not "updte" (did you mean update?)'],
  ])('%j names the one it meant, exit 2', async (argv, message) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(message);
  });

  it.each([
    [['frobnicate'], 'unknown command "frobnicate"; one of'],
    [['seats', '7', 'list'], 'seats needs list, add, replace or remove, not "7" (see'],
  ])('%j names none for a word like no other, exit 2', async (argv, message) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(message);
  });

  it.each([
    [['sk_live_9fQ2xLmP4rT8vW1zK7bN3cY6'], 'unknown command (not shown: it is no command name'],
    [['seats', 'sk_live_9fQ2xLmP4rT8vW1zK7bN3cY6', '7'], 'not the word given (not shown'],
    [['journal', '4242424242424242'], 'not the word given (not shown'],
    [['team', 'ghp_AbCdEf0123456789abcdefABCDEF012345'], 'not the word given (not shown'],
  ])('%j does not echo a word that is no name, exit 2', async (argv, message) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(message);
    expect(ran.stderr + ran.stdout).not.toMatch(/9fQ2xLmP4rT8|4242424242424242|AbCdEf0123/);
  });
});
