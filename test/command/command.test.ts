import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess, type Ran } from './run-in-process.js';

// The `seatpay` command's quick checks: help, and mistakes refused in one line with exit code 2
// before anything is sent (no service is running: a request would fail with another code). The
// full tests (command*.full.test.ts) run the bin as a child: the packed one against
// seatpay-mock, and the repository's (command-bin-help.full.test.ts).

function expectMistake(ran: Ran, text: RegExp) {
  expect(ran.code, ran.stderr).toBe(2);
  expect(ran.stdout).toBe('');
  const lines = ran.stderr.trimEnd().split('\n');
  expect(lines, ran.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^seatpay: /);
  expect(lines[0]).toMatch(text);
}

const SERVICE = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'tok-secret-1234' };

describe('seatpay refuses mistakes before sending anything', () => {
  it.each([
    [
      ['checkout', '--service', 'ai-credits', '--how-many', '2', '--journal', 'j'],
      /--key is missing/,
    ],
    [['checkout', '--how-many', '2', '--key', 'k', '--journal', 'j'], /--service is missing/],
    [
      ['checkout', '--service', 'x', '--how-many', 'two', '--key', 'k'],
      /--how-many must be a whole number from 1/,
    ],
    [
      ['checkout', '--service', 'x', '--how-many', '2', '--key', 'k'],
      /no journal: pass --journal <file>/,
    ],
    [
      ['purchase', '--plan', 'personal', '--period', 'WEEK', '--key', 'k'],
      /--period must be MONTH, QUARTER, HALF or YEAR, not "WEEK"/,
    ],
    [['seats', 'list'], /missing <subscription>/],
    [['seats', 'explode', '7'], /seats needs list, add, replace or remove, not "explode"/],
    [['team', 'update', '7'], /update needs at least one of --auto-recharge/],
    [['team', 'update', '7', '--auto-recharge', 'maybe'], /--auto-recharge must be on or off/],
    [
      ['checkout', '--servic', 'x'],
      /unknown option --servic: did you mean --service\? \(see seatpay checkout --help\)/,
    ],
    [
      [
        'purchase',
        '--profile',
        'live',
        '--plan',
        'p',
        '--period',
        'MONTH',
        '--key',
        'k',
        '--journal',
        'j',
      ],
      /--profile must be spec or deployed/,
    ],
  ])('%j', async (argv, message) => {
    expectMistake(await runInProcess(argv, SERVICE), message);
  });

  it('a token, card number or CVC given as a flag is refused without repeating it', async () => {
    for (const argv of [
      ['seats', 'list', '7', '--token', 'tok-secret-1234'],
      ['purchase', '--card-number=4242424242424242'],
      ['purchase', '--cvc', '987'],
    ]) {
      const ran = await runInProcess(argv, SERVICE);
      expectMistake(ran, /is refused: the command line shows in `ps` and shell history/);
      expect(ran.stderr).not.toMatch(/tok-secret-1234|4242424242424242|987/);
    }
  });

  it('a flag named like a property of every object is an unknown option, not a secret', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const ran = await runInProcess(['seats', 'list', '7', `--${name}`], SERVICE);
      expectMistake(ran, new RegExp(`unknown option.*--${name}`));
    }
  });

  it('a card file that is not JSON is refused without quoting it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-command-'));
    await writeFile(join(dir, 'card.json'), 'card_number=4242424242424242 cvc=987');
    const ran = await runInProcess(
      [
        'purchase',
        '--plan',
        'personal',
        '--period',
        'MONTH',
        '--key',
        'k',
        '--journal',
        join(dir, 'j.json'),
        '--card-file',
        join(dir, 'card.json'),
      ],
      SERVICE,
    );
    expectMistake(ran, /card\.json is not JSON/);
    expect(ran.stderr).not.toMatch(/4242424242424242|987/);
  });

  it('a CSV batch with a bad row, a repeated key or an open quote is refused whole, naming the line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-command-'));
    const batch = async (text: string) => {
      await writeFile(join(dir, 'orders.csv'), text);
      return runInProcess(
        ['checkout', '--csv', join(dir, 'orders.csv'), '--journal', join(dir, 'j.json')],
        SERVICE,
      );
    };
    const header = 'key,service,how_many,subscription\r\n';
    expectMistake(
      await batch(`${header}a,ai-credits,1,7\r\nb,ai-credits,0,7\r\n`),
      /orders\.csv line 3: how_many must be a whole number from 1 to 2147483647, not "0"/,
    );
    expectMistake(
      await batch(`${header}a,ai-credits,1,7\r\n"a",ai-credits,2,7\r\n`),
      /line 3: key "a" is also on line 2/,
    );
    expectMistake(
      await batch(`${header}a,"ai-credits,1,7\r\n`),
      /line 2: a quoted field is never closed/,
    );
    expectMistake(await batch('key,service\na,ai-credits\n'), /has no how_many column/);
    expectMistake(await batch(`${header}a,ai-credits,1\n`), /line 2: 3 fields, the header has 4/);
  });
});

describe('seatpay seats add --csv --concurrency', () => {
  it('says that seats go as one change, so there is nothing to run at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-command-'));
    await writeFile(join(dir, 'seats.csv'), 'email\nada@example.com\nbob@example.com\n');
    const args = ['seats', 'add', '7', '--csv', join(dir, 'seats.csv')];
    // The note comes before anything else: with no token the run then stops at once (exit 2)
    // instead of retrying a service that is not there.
    const noToken = { SEATPAY_BASE_URL: SERVICE.SEATPAY_BASE_URL };
    const ran = await runInProcess([...args, '--concurrency', '4'], noToken);
    expect(ran.stderr).toMatch(
      /^--concurrency 4: seats add sends every seat in one change \(the service applies a seat list at once\)/,
    );
    expect(ran.code).toBe(2);
    const without = await runInProcess(args, noToken);
    expect(without.code).toBe(2);
    expect(without.stderr).not.toMatch(/--concurrency/);
  });
});

describe('seatpay upload, in a terminal', () => {
  it('redraws one progress bar on stderr and ends its line; the result goes to stdout', async () => {
    const { startMockServer } = await import('../../src/mock/index.js');
    const server = await startMockServer({
      port: 0,
      operationTypes: { tiny: { chunk_size: 4096, max_chunks: null } },
    });
    try {
      const dir = await mkdtemp(join(tmpdir(), 'seatpay-command-'));
      await writeFile(join(dir, 'notes.txt'), new Uint8Array(40_000).fill(65));
      const env = {
        SEATPAY_BASE_URL: server.url,
        SEATPAY_TOKEN: server.simulator.users.owner.token,
      };
      const argv = ['upload', join(dir, 'notes.txt'), '--operation-type', 'tiny', '--json'];
      const { code, stdout, stderr } = await runInProcess(argv, env, { terminal: true });
      expect(code, stderr).toBe(0);
      // Redrawn in place (\r, no newline between draws), 100% last, then one newline.
      expect(stderr).toMatch(/^\r.*notes\.txt \[-+\]\s+0% /);
      expect(stderr).toMatch(/\r\S*notes\.txt \[#{24}\] 100% 39\.1\/39\.1 KB, 10\/10 chunks\n$/);
      expect(stderr.split('\n')).toHaveLength(2);
      expect(JSON.parse(stdout)).toMatchObject({
        file: join(dir, 'notes.txt'),
        media: { status: 'CREATED', operation_type: 'tiny' },
      });
    } finally {
      await server.close();
    }
  });
});

// newuser16: a purchase paid whose --wait-timeout ran out exits 3, with nothing to settle (run it
// again with its key); the help's exit codes said only "check with seatpay journal reconcile".
describe("seatpay's help on exit code 3", () => {
  it.each([
    [
      ['--help'],
      /3\s+outcome\s+unknown\s+or\s+rows\s+to\s+settle,\s+or\s+a\s+purchase\s+paid\s+whose\s+--wait-timeout\s+ran\s+out\s+\(run\s+it\s+again\s+with\s+its\s+key/,
    ],
    [
      ['purchase', '--help'],
      /paid\s+and\s+--wait-timeout\s+ran\s+out:\s+run\s+the\s+same\s+command\s+again\s+with\s+its\s+--key,\s+it\s+never\s+pays\s+again/,
    ],
  ])(
    '%j tells a paid purchase whose wait ran out to run again with its key',
    async (argv, says) => {
      const { code, stdout } = await runInProcess(argv);
      expect(code).toBe(0);
      expect(stdout).toMatch(says);
    },
  );
});
