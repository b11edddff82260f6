import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';
import { teamOwner } from '../support/team-owner.js';

// The run's own card (SEATPAY_CARD) and token (SEATPAY_TOKEN) in `od -c`'s dump echoed by a
// refusal, its lines joined as the command prints a message's line break (`\u{a}`), as JSON's
// `\n` or raw: the card's cells on the dump's first line were hidden one by one and its digits on
// the next printed (`[REDACTED]   [REDACTED]\u{a}0000020   0   5   1   0   0`), the token's not
// hidden at all. A card the run does not know in a dump joined by `\n` outside a JSON string too.

const PUT_SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';
const OWN_CARD = '5105105105105100';
/** A card the run does not know, hidden by its form (src/node/card-shapes.ts). */
const OTHER_CARD = '6011000990139424';

let server: MockServer;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-own-card-od-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** `od -c`'s dump of `text`, as od prints it: offsets in octal, 16 characters a line, a cell each. */
function odC(text: string): string {
  const cells = [...text].map((char) => (char === '\n' ? '  \\n' : char.padStart(4)));
  const lines: string[] = [];
  for (let at = 0; at < cells.length; at += 16)
    lines.push(at.toString(8).padStart(7, '0') + cells.slice(at, at + 16).join(''));
  return `${lines.join('\n')}\n${cells.length.toString(8).padStart(7, '0')}\n`;
}

/**
 * `seats add --csv` of one seat, refused by the service with a message echoing `echoed`, the
 * run's card and token known: what the run printed, and its token.
 */
async function refusedEchoing(email: string, echoed: (token: string) => string) {
  const { owner: user, subscription } = await teamOwner(server, email);
  const file = join(dir, `${email}.csv`);
  await writeFile(file, 'email,first_name\nn0@example.com,Ann\n');
  server.simulator.faults.inject({
    route: PUT_SEATS,
    kind: 'status',
    status: 200,
    body: { data: [], errors: [{ message: `refused: ${echoed(user.token)}` }] },
  });
  const env = {
    SEATPAY_BASE_URL: server.url,
    SEATPAY_TOKEN: user.token,
    SEATPAY_CARD: JSON.stringify({ card_number: OWN_CARD, cvc: '123' }),
  };
  const ran = await runInProcess(['seats', 'add', String(subscription), '--csv', file], env);
  return { ...ran, printed: ran.stdout + ran.stderr, token: user.token };
}

/** Each character of `text` as `od -c`'s cell: `   5   1   0`, any three of them in a row. */
const cellsOf = (text: string) => [...text].map((char) => char.padStart(4)).join('');

/** The dump's lines joined as each form does: raw (printed `\u{a}` by the command), JSON's `\n`. */
const JOINS: ((dump: string) => string)[] = [
  (dump) => dump,
  (dump) => dump.replaceAll('\n', '\\n'),
  (dump) => dump.replaceAll('\n', '\\u{a}'),
];

/** A dump of no secret, after the secret's: printed as it is. */
const HEALTHY = odC('seats 42 of team 7 ok\n');

describe("seats add --csv, the run's own secrets in an od -c dump on joined lines", () => {
  it('hides the card, and a card it does not know, every digit; prints a dump of neither', async () => {
    for (const [at, join] of JOINS.entries()) {
      const ran = await refusedEchoing(`own-card-od-${at}@example.com`, () =>
        [`card ${OWN_CARD} end\n`, `note ${OTHER_CARD} x\n`, HEALTHY]
          .map((text, at) => join(at < 2 ? odC(text) : text))
          .join('; '),
      );

      expect(ran.code, ran.stderr).toBe(1);
      expect(ran.printed.match(/0000000\[REDACTED\]/g)).toHaveLength(2);
      for (const card of [OWN_CARD, OTHER_CARD])
        for (let from = 0; from + 3 <= card.length; from++)
          expect(ran.printed).not.toContain(cellsOf(card.slice(from, from + 3)));
      // The command prints a raw line break as `\u{a}`.
      expect(ran.printed).toContain(join(HEALTHY).replaceAll('\n', '\\u{a}'));
    }
  });

  it('hides the token, every character of it', async () => {
    for (const [at, join] of JOINS.entries()) {
      const ran = await refusedEchoing(`own-token-od-${at}@example.com`, (token) =>
        join(odC(`auth ${token} end\n`)),
      );

      expect(ran.code, ran.stderr).toBe(1);
      expect(ran.printed).toContain('refused: 0000000[REDACTED]');
      for (let from = 0; from + 4 <= ran.token.length; from++)
        expect(ran.printed).not.toContain(cellsOf(ran.token.slice(from, from + 4)));
    }
  });
});
