import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/mock/index.js';
import { parseCommandLine } from '../../src/mock/cli/arguments.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { repoRoot } from './support/readme-commands.js';

// loose24, docs/command.md read top to bottom by a new user: it said the command runs on "Node 22
// or later", where a journal file (every purchase and checkout) needs 22.13, and it named no way
// to try the examples without a service: no simulator, no card that pays.

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const page = read('docs/command.md');

describe("docs/command.md's first steps", () => {
  it("names the Node version a journal file needs, as the journal's own message does", () => {
    const message = read('src/journals/sqlite/sqlite-journal-store.ts');
    const needed = /fileJournal needs node:sqlite: Node (\d+\.\d+) or later/.exec(message)?.[1];
    expect(needed).toBeDefined();
    const intro = page.slice(0, page.indexOf('## Setting it up')).replace(/\s+/g, ' ');
    expect(intro).toContain(`(${needed!} or later for a journal file`);
  });

  it('starts the simulator as seatpay-mock takes it, and names a card that pays there', async () => {
    const setUp = page.replace(/\s+/g, ' ');
    const [, args = ''] = /`npx seatpay-mock([^`]*)`/.exec(setUp) ?? [];
    expect(parseCommandLine(args.trim().split(' ').filter(Boolean))).toMatchObject({
      kind: 'serve',
    });
    const card = /\(`(\d{13,19})` pays\)/.exec(setUp)?.[1];
    expect(card).toBeDefined();
    const simulator = createSimulator({ subscriptionDelayMs: 0 });
    const client = inMemoryClient(simulator, simulator.users.owner.token);
    const { subscription } = await client.purchase({
      plan: 'team-per-seat',
      team_seats: 2,
      chosen_period: 'MONTH',
      card: { card_number: card!, cvc: '123' },
    });
    expect(subscription.id).toBeGreaterThan(0);
    simulator.close();
  });
});
