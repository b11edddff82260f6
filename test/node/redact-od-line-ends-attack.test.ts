// redteam53: od's dump logged a line at a time after a log's prefix was hidden with LF and CRLF
// line ends only (redteam50): with lone CRs (a log written for a terminal, an old Mac tool's)
// a token, card or password printed whole; and a dump whose last line of bytes holds one number
// (`0000040 0a7a`: od -x of 34 bytes) printed the token's last characters, its other lines hidden.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

const TOKEN = 'sk_live_9fQ2xR7mK4pL8vN3xYz';
const CARD = '4111111111111111';
const PASSWORD = 'p@ss-W0rd!db-2026';

/** What od prints of `text` (coreutils' od, as a user runs it). */
const od = (text: string, ...flags: string[]) =>
  execFileSync('od', flags, { input: text }).toString().trimEnd().split('\n');
const logged = (lines: string[], end: string) =>
  lines.map((line) => `2026-12-01T00:00:00Z app[12]: ${line}`).join(end);

/** Whether `text` still shows the secret's dump: its bytes, or any line's bytes that are of it. */
const shows = (shown: string, lines: string[]) =>
  lines.some((line) => /^\S+ .*[0-9a-f]{4}/.test(line) && shown.includes(line.slice(8)));

describe('od dumps logged after a prefix, lone CRs or a one-number last line', () => {
  const cases = [
    ['token', `token=${TOKEN}\n`, TOKEN],
    ['card', `{"card_number":"${CARD}"}\n`, CARD],
    ['password', `password=${PASSWORD}`, PASSWORD],
  ] as const;
  for (const flags of [['-x'], ['-c'], ['-b'], ['-d']])
    for (const end of ['\r', '\n', '\r\n'])
      it.each(cases)(
        `od ${flags.join(' ')}, lines ending ${JSON.stringify(end)}: %s`,
        (_, text, secret) => {
          const lines = od(text, ...flags);
          const shown = redactSecrets(logged(lines, end), [secret]);
          expect(shown).toContain('[REDACTED]');
          expect(shows(shown, lines)).toBe(false);
        },
      );

  it('a table of numbers after prefixes, lone CRs between, stays as it is', () => {
    const table = ['0000100 12 7 3', '0000200 4 19 22', '0000300 5'];
    const text = logged(table, '\r');
    expect(redactSecrets(text, [TOKEN, CARD, PASSWORD])).toBe(text);
  });
});
