import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../command/run-in-process.js';
import { repoRoot } from './support/readme-commands.js';

// newuser17: the README's list of the command's exit codes left out `4` (the service refused the
// order for good), which `seatpay --help` and docs/command.md name: a cron script written from the
// README took a refused row for an unknown code.

/** The codes a paragraph names as `n` (README) or as "n word" after "Exit codes:" (the help). */
const codesIn = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => Number(match[1])).sort((a, b) => a - b);

describe("the README's exit codes", () => {
  it('are the codes `seatpay --help` names', async () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const paragraph = readme.slice(readme.indexOf('Exit codes:'), readme.indexOf('Results go to'));
    const help = (await runInProcess(['--help'])).stdout;
    const helpCodes = help
      .slice(help.indexOf('Exit codes:'))
      .replace(/\([^)]*\)/g, '')
      .replace(/\s+/g, ' ');
    const named = codesIn(helpCodes, /(?:^|[:,] )(\d+) [a-z]/g);
    expect(named).toEqual([0, 1, 2, 3, 4, 5, 130]);
    expect(codesIn(paragraph, /`(\d+)`/g)).toEqual(named);
  });
});
