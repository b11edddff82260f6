// review21c: `od -A x`'s dumps of a token printed it with no log prefix at all (`-t x4`, `-x`,
// `-t x2`, `-t x8`: the first line's six-digit offset read as three bytes put the words out of
// step; `-o`: its offsets as long as its words); and od's dumps inside JSON, one string holding
// the lines (`{"msg":"0000000 6f74 …\n0000020 …"}`) or JSON lines a dump line each, printed a
// token, card or password whole.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

const TOKEN = 'sk_live_9fQ2xR7mK4pL8vN3xYz';
const CARD = '4111111111111111';
const PASSWORD = 'p@ss-W0rd!db-2026';
const cases = [
  ['token', `token=${TOKEN}\n`, TOKEN],
  ['card', `{"card_number":"${CARD}"}\n`, CARD],
  ['password', `password=${PASSWORD}`, PASSWORD],
] as const;

/** What od prints of `text` (coreutils' od, as a user runs it), its lines. */
const od = (text: string, flags: readonly string[]) =>
  execFileSync('od', flags, { input: text }).toString().trimEnd().split('\n');

/** Whether `shown` still holds a line's bytes (what follows its offset). */
const shows = (shown: string, lines: readonly string[]) =>
  lines.some((line) => /^\S+ .*[0-9a-f]{3}/.test(line) && shown.includes(line.replace(/^\S+/, '')));

describe('od -A x dumps, no prefix', () => {
  for (const flags of [['-t', 'x4'], ['-x'], ['-t', 'x2'], ['-t', 'x8'], ['-o']])
    it.each(cases)(`od -A x ${flags.join(' ')}: %s`, (_, text, secret) => {
      const lines = od(text, ['-A', 'x', ...flags]);
      const shown = redactSecrets(lines.join('\n'), [secret]);
      expect(shown).toContain('[REDACTED]');
      expect(shows(shown, lines)).toBe(false);
    });

  it('a dump of text with no secret stays as it is', () => {
    const dump = od('limit=50&offset=100&sort=created_at\n', ['-A', 'x', '-t', 'x4']).join('\n');
    expect(redactSecrets(dump, [TOKEN, CARD, PASSWORD])).toBe(dump);
  });
});

describe('od dumps inside JSON', () => {
  for (const flags of [['-x'], ['-A', 'x', '-t', 'x4'], ['-c'], ['-b']]) {
    it.each(cases)(`one JSON string, od ${flags.join(' ')}: %s`, (_, text, secret) => {
      const lines = od(text, flags);
      const logged = JSON.stringify({ level: 'debug', msg: `${lines.join('\n')}\n` });
      const shown = redactSecrets(`${logged}\n{"level":"info","msg":"done"}`, [secret]);
      expect(shown).toContain('[REDACTED]');
      expect(shown).toContain('{"level":"info","msg":"done"}');
      expect(JSON.parse(shown.split('\n')[0]!)).toEqual({ level: 'debug', msg: '[REDACTED]' });
      expect(
        shows(
          shown,
          lines.map((line) => JSON.stringify(line).slice(1, -1)),
        ),
      ).toBe(false);
    });

    it.each(cases)(`JSON lines, od ${flags.join(' ')}: %s`, (_, text, secret) => {
      const lines = od(text, flags);
      const logged = lines.map((line, at) => JSON.stringify({ ts: at, msg: line }));
      const shown = redactSecrets(['{"ts":-1,"msg":"start"}', ...logged].join('\n'), [secret]);
      expect(shown).toContain('[REDACTED]');
      expect(shown).toContain('{"ts":-1,"msg":"start"}');
      expect(
        shows(
          shown,
          lines.map((line) => JSON.stringify(line).slice(1, -1)),
        ),
      ).toBe(false);
    });
  }

  it('JSON holding a dump of text with no secret stays as it is', () => {
    const lines = od('{"limit":50,"color":"#e9e9e9","name":"caf\u00e9"}\n', ['-x']);
    const one = JSON.stringify({ msg: lines.join('\n') });
    const each = lines.map((line, at) => JSON.stringify({ ts: at, msg: line })).join('\n');
    for (const text of [one, each]) expect(redactSecrets(text, [TOKEN, CARD, PASSWORD])).toBe(text);
  });
});
