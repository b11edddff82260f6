import { describe, expect, it } from 'vitest';
import type { Serving } from '../mock/command-support.js';
import { echoingProxy, type EchoingProxy } from './echoing-proxy.js';
import { packedCommand, type Finished } from './support.js';

// Nothing the command prints holds a secret it knows (the token, the card, the database
// password), whatever the service echoes: the packed bin as a child process, against a service
// that echoes those secrets into every answer, plain and encoded (echoing-proxy.ts).

const CARD = { card_number: '4242424242424242', cvc: '987', exp_month: '12', exp_year: '2030' };
const PG_PASSWORD = 'pg/Secret+pw=77';

let mock: Serving;
let proxy: EchoingProxy;
const packed = packedCommand({
  card: CARD,
  alongside: async () => {
    mock = await packed.mockWith();
    const secrets = [mock.ownerToken, CARD.card_number, CARD.cvc, PG_PASSWORD];
    // The consumables listing takes no extra field: echoed there, the purchase would stop instead.
    proxy = await echoingProxy(mock.url, secrets, /\/provisioning\/me\/consumables/);
    packed.closeAfter(proxy);
  },
});

/** The token, the database password and (in the environment) the card: all known to the run. */
const env = () => ({
  SEATPAY_BASE_URL: proxy.url,
  SEATPAY_TOKEN: mock.ownerToken,
  PGPASSWORD: PG_PASSWORD,
  SEATPAY_CARD: JSON.stringify(CARD),
});

const seatpay = (args: string[]) => packed.seatpay(args, env());

/** Every form of every secret the proxy echoes, as a regular expression. */
function forms(): RegExp[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const token = mock.ownerToken;
  return [
    token,
    Buffer.from(token).toString('base64').slice(4, -4),
    CARD.card_number,
    '4242 4242 4242 4242',
    PG_PASSWORD,
    encodeURIComponent(PG_PASSWORD),
    Buffer.from(PG_PASSWORD).toString('base64').slice(0, -4),
  ]
    .map((form) => new RegExp(escape(form)))
    .concat(/(?<![\p{L}\p{N}])987(?![\p{L}\p{N}])/u);
}

function expectClean(ran: Finished, what: string) {
  for (const text of [ran.stdout, ran.stderr])
    for (const form of forms()) expect(text, `${what}: ${form}`).not.toMatch(form);
}

// A hang guard, not a budget: each test runs several bins at once, and at a load of 25 to 45
// one took over the default 60 s (test:all failed on it).
describe.concurrent('the command prints no secret the service echoes', { timeout: 300_000 }, () => {
  it('purchase, checkout (and its replay), seats list, team get, as JSON and as text; an error too', async () => {
    const journal = packed.inDir('journal.db');
    const buy = packed.teamPurchase(journal, { key: 'order-1', seats: 3, cardFile: false });
    const bought = await packed.seatpay(
      [...buy, '--card-file', packed.inDir('card.json'), '--json'],
      {
        ...env(),
        SEATPAY_CARD: '',
      },
    );
    expect(bought.code, bought.stderr).toBe(0);
    // The echo reached the output, hidden: this test would see a leak.
    expect(bought.stdout).toMatch(/"echo": "seen \[REDACTED\]/);
    const id = String(
      (JSON.parse(bought.stdout) as { subscription: { id: number } }).subscription.id,
    );
    const top = ['--service', 'ai-credits', '--how-many', '2', '--subscription', id];
    const checkout = ['checkout', ...top, '--key', 'topup-1', '--journal', journal];
    const runs: [string, Finished][] = [['purchase --json', bought]];
    for (const [what, args] of [
      ['purchase replayed', buy],
      ['checkout --json', [...checkout, '--json']],
      ['checkout replayed --json', [...checkout, '--json']],
      ['seats list --json', ['seats', 'list', id, '--json']],
      ['seats list', ['seats', 'list', id]],
      ['team get --json', ['team', 'get', id, '--json']],
      ['team get', ['team', 'get', id]],
      ['journal list --json', ['journal', 'list', '--journal', journal, '--json']],
      ['an error that quotes them', ['seats', 'list', '999999']],
    ] as const)
      runs.push([what, await seatpay([...args])]);
    for (const [what, ran] of runs) {
      expect(ran.code, `${what}: ${ran.stderr}`).toBe(what.startsWith('an error') ? 1 : 0);
      expectClean(ran, what);
    }
  });
});
