import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';
import { teamOwner } from '../support/team-owner.js';

// The command hides a card number it does not know by its form, a card network's first digits
// among it: only 2221-2720 and 3 to 6 were, and a Mir card (2200-2204), RuPay's and UnionPay's 81
// and 82, UzCard's 8600, Humo's 9860, Troy's 9792, Napas' 9704, GPN's 1946 or an airline's UATP
// card (1, 15 digits) echoed by a refusal was printed whole.

const PUT_SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';

/** `prefix`, digits drawn from `seed` up to `length` less one, and the Luhn check digit. */
function card(prefix: string, length: number, seed: number, valid = true): string {
  let body = prefix;
  for (let state = seed + 1; body.length < length - 1;) {
    state = (state * 48271) % 2147483647;
    body += String(state % 10);
  }
  let sum = 0;
  for (let at = body.length - 1, double = true; at >= 0; at--, double = !double) {
    const digit = Number(body[at]) * (double ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return body + String(((valid ? 10 : 11) - (sum % 10)) % 10);
}

/** A network the form missed, its first digits and its number's length. */
const MISSED: [string, string, number][] = [
  ['Mir', '2200', 16],
  ['Mir', '2204', 19],
  ['Borica', '2205', 16],
  ['RuPay', '81', 16],
  ['RuPay', '82', 16],
  ['UnionPay', '8171', 19],
  ['UzCard', '8600', 16],
  ['Humo', '9860', 16],
  ['Troy', '9792', 16],
  ['Napas', '9704', 19],
  ['GPN', '1946', 16],
  ['UATP', '1', 15],
];
/** Networks within 3 to 6 already: kept hidden. */
const KEPT: [string, string, number][] = [
  ['RuPay', '60', 16],
  ['RuPay', '65', 16],
  ['RuPay', '508', 16],
  ['RuPay', '353', 16],
  ['RuPay', '356', 16],
  ['UnionPay', '62', 19],
  ['Verve', '506099', 19],
  ['Verve', '650027', 16],
  ['Elo', '636368', 16],
  ['Hipercard', '606282', 16],
  ['BC Card', '6541', 16],
  ['Dankort', '5019', 16],
  ['InterPayment', '636', 16],
  ['NPS Pridnestrovie', '6054740', 16],
  ['LankaPay', '357111', 16],
];
const CARDS = [...MISSED, ...KEPT].map(([, prefix, length], seed) => card(prefix, length, seed));
/** As printed on the card: 4-4-4-4 and 4-4-4-4-3. */
const GROUPED = [card('2201', 16, 40), card('9860', 19, 41)].map((digits) =>
  digits.replace(/\d{4}(?=\d)/g, '$& '),
);

/**
 * Not cards: the same networks' numbers with a wrong check digit, too short for theirs (a
 * 14-digit 8600…), a millisecond timestamp and a 16-digit reference starting with 1.
 */
const HEALTHY = [
  ...MISSED.map(([, prefix, length], seed) => `ref ${card(prefix, length, seed + 20, false)}`),
  `ref ${card('8600', 14, 3)}`,
  `ref ${card('9792', 15, 4)}`,
  'at 1764412800005 ms',
  `ref ${card('1', 16, 5)}`,
];

let server: MockServer;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-regional-cards-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * `seats add --csv` of seats named `card <card>` for each of `cards`, refused by the service with
 * a message echoing the names and `others`: the run's code and everything it printed.
 */
async function refusedEchoing(
  email: string,
  cards: readonly string[],
  others: readonly string[],
  more: Record<string, string> = {},
) {
  const { owner: user, subscription } = await teamOwner(server, email);
  const names = cards.map((card) => `card ${card}`);
  const csv = ['email,first_name', ...names.map((name, at) => `n${at}@example.com,${name}`)];
  const file = join(dir, `${email}.csv`);
  await writeFile(file, `${csv.join('\n')}\n`);
  server.simulator.faults.inject({
    route: PUT_SEATS,
    kind: 'status',
    status: 200,
    body: { data: [], errors: [{ message: `names refused: ${[...names, ...others].join('; ')}` }] },
  });
  const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: user.token, ...more };
  const ran = await runInProcess(['seats', 'add', String(subscription), '--csv', file], env);
  return { code: ran.code, stderr: ran.stderr, printed: ran.stdout + ran.stderr };
}

describe('seats add --csv, a regional network card number echoed', () => {
  it('is hidden, each digit of it, and numbers that are not cards are printed', async () => {
    const cards = [...CARDS, ...GROUPED];
    const ran = await refusedEchoing('regional-card@example.com', cards, HEALTHY);

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.match(/card \[REDACTED\]/g)).toHaveLength(cards.length);
    for (const shown of cards) {
      const digits = shown.replace(/ /g, '');
      expect(ran.printed).not.toContain(shown);
      // Neither end of it: its first digits, its last (the groups as printed too).
      expect(ran.printed).not.toContain(`card ${digits.slice(0, 4)}`);
      expect(ran.printed).not.toContain(digits.slice(-8));
      expect(ran.printed).not.toContain(shown.slice(-8));
    }
    for (const healthy of HEALTHY) expect(ran.printed).toContain(healthy);
  });
});

/**
 * A card broken by a quoted-printable soft line break (an e-mail body's lines wrapped at 76: `=`
 * at a line's end, CRLF or LF, raw or JSON-escaped; the command prints a raw one as
 * `=\u{d}\u{a}`), between its digits or its groups: the search took the break for the card's end,
 * and the digits after it were printed (`[REDACTED]=\u{d}\u{a}424242`).
 */
const SOFT_BROKEN = [
  'note 4242424242=\r\n424242',
  'note 5555555555=\n554444',
  'note 4111 1111 =\r\n1111 1111',
  'note 2200 1234=\r\n 5678 9019',
  'note 3782822463=\\r\\n10005',
  'note 6011111111=\\u000d\\u000a111117',
];
/** What stays: a card that ends at a break (its digits hidden, the next line's printed). */
const ENDS_AT_BREAK = 'note 4242424242424242=\r\n23 seats';

describe('seats add --csv, an unknown card number broken by a soft line break', () => {
  it('is hidden on both sides of the break', async () => {
    const ran = await refusedEchoing(
      'soft-broken-card@example.com',
      [CARDS[0]!],
      [...SOFT_BROKEN, ENDS_AT_BREAK],
    );

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.match(/note \[REDACTED\]/g)).toHaveLength(SOFT_BROKEN.length + 1);
    for (const broken of SOFT_BROKEN) {
      const [before, after] = broken.slice(5).split(/=(?:\r?\n|\\r\\n|\\u000d\\u000a)/);
      expect(ran.printed).not.toContain(before);
      expect(ran.printed).not.toContain(after!.trim());
    }
    expect(ran.printed).toContain('note [REDACTED]=\\u{d}\\u{a}23 seats');
  });

  it('is hidden in a write of a slice or more too, wherever the slices are cut', async () => {
    // The breaks many times over: the slices' cuts fall before a line end, inside a break too.
    const many = Array.from(
      { length: 20_000 },
      (_, at) => `${SOFT_BROKEN[at % SOFT_BROKEN.length]!} "${at}"`,
    );
    const ran = await refusedEchoing('soft-broken-card-large@example.com', [CARDS[0]!], many);

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.length).toBeGreaterThan(64 * 1024);
    expect(ran.printed.match(/note \[REDACTED\]/g)).toHaveLength(many.length);
  });
});

/**
 * The run's own card (SEATPAY_CARD) so broken: the command prints a line break inside a message
 * as its escape, `=\u{d}\u{a}`, which no joiner of a known card's digits took, and the digits
 * after it were printed (`[REDACTED]=\u{d}\u{a}105100`).
 */
const OWN_CARD = '5105105105105100';
const OWN_BROKEN = [
  'own 5105105105=\r\n105100',
  'own 5105105105=\n105100',
  'own 5105 1051 =\r\n0510 5100',
  'own 5105105105=\\u000d\\u000a105100',
];

describe("seats add --csv, the run's own card broken by a soft line break", () => {
  it('is hidden on both sides of the break', async () => {
    const card = JSON.stringify({ card_number: OWN_CARD, cvc: '123' });
    const ran = await refusedEchoing('soft-broken-own@example.com', [CARDS[0]!], OWN_BROKEN, {
      SEATPAY_CARD: card,
    });

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.match(/own \[REDACTED\](?:;|$)/gm)).toHaveLength(OWN_BROKEN.length);
    expect(ran.printed).not.toMatch(/510510|105100|0510 5100/);
  });
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
 * An unknown card in `od -c`'s dump logged inside JSON (a string with `\n` between its lines, or a
 * line of JSON each): the dump's reading was the known secrets' only, and its digits, a cell
 * each, were printed.
 */
const OD_CARD = 'note: card 6011000990139424 end\n';
const OD_HEALTHY = 'order 2026112912000006 of 3 seats\n';

describe('seats add --csv, an unknown card in an od -c dump inside JSON', () => {
  it('is hidden in a JSON string, the JSON kept; a dump of no card is printed', async () => {
    const dumps = [
      `dump ${JSON.stringify({ msg: odC(OD_CARD) })}`,
      `dump ${JSON.stringify({ level: 'debug', msg: odC(OD_CARD) })}`,
    ];
    const healthy = `dump ${JSON.stringify({ msg: odC(OD_HEALTHY) })}`;
    const ran = await refusedEchoing('od-card@example.com', [CARDS[0]!], [...dumps, healthy]);

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed).toContain('dump {"msg":"[REDACTED]"}; ');
    expect(ran.printed).toContain('dump {"level":"debug","msg":"[REDACTED]"}; ');
    expect(ran.printed).toContain(healthy);
  });

  it('is hidden in JSON lines a dump line each, and in the dump printed as is', async () => {
    const lines = odC(OD_CARD)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.stringify({ msg: line }));
    // The command prints the message's line breaks as `\u{a}`.
    const dumps = [`rows\n${lines.join('\n')}`, `plain\n${odC(OD_CARD)}`];
    for (const [at, dump] of dumps.entries()) {
      const ran = await refusedEchoing(`od-card-${at}@example.com`, [CARDS[0]!], [dump]);

      expect(ran.code, ran.stderr).toBe(1);
      expect(ran.printed).toContain('[REDACTED]');
      // Each of the card's digits a cell: none of them printed, in any line.
      expect(ran.printed).not.toMatch(/(?: {3}\d){3}/);
    }
  });
});
