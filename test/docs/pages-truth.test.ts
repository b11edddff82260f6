import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { APIError, SeatpayClient } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { documentationPages } from './support/pages.js';
import { repoRoot } from './support/readme-commands.js';

// What the pages tell a user must be what the package does: the status of each refusal code on
// docs/errors.md, names a reader can look up in the package they installed, journal files named
// as what they are.

const read = (page: string) => readFileSync(join(repoRoot, page), 'utf8');
/** The pages for users (architecture.md and development.md are for people working on seatpay). */
const userPages = documentationPages().filter(
  (page) => !['docs/architecture.md', 'docs/development.md'].includes(page),
);

/** docs/errors.md's "class, status" cell for a code. */
function documentedStatus(code: string): string {
  const line = read('docs/errors.md')
    .split('\n')
    .find((text) => text.startsWith(`| \`${code}\``));
  return line?.split('|')[2]?.trim() ?? `(no row for ${code})`;
}

const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' };

async function team(profile: 'spec' | 'deployed') {
  const simulator = createSimulator({ profile, subscriptionDelayMs: 0, billingTeamDelayMs: 0 });
  const owner = inMemoryClient(simulator, simulator.users.owner.token, { profile });
  const { subscription } = await owner.purchase({
    plan: 'team-per-seat',
    team_seats: 1,
    card: CARD,
    chosen_period: 'MONTH',
    academy: 1,
    payment_method_id: 1,
    pollInterval: 1,
  });
  return { simulator, owner, id: subscription.id };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as APIError,
  );

/** A call that the service refuses with each code, in both profiles. */
const triggers: Record<string, (t: { owner: SeatpayClient; id: number }) => Promise<unknown>> = {
  'service-not-found': ({ owner, id }) =>
    owner.consumables.checkout({
      service: 'no-such-service',
      how_many: 1,
      subscription: id,
      academy: 1,
    }),
  'subscription-not-found': ({ owner }) => owner.billingTeam.get(99_999_999),
};

describe('docs/errors.md: the status of each code is what the service answers', () => {
  describe.each(['spec', 'deployed'] as const)('profile %s', (profile) => {
    it.each(Object.keys(triggers))('%s', async (code) => {
      const made = await team(profile);
      const error = await refusal(triggers[code]!(made));
      expect(error.code).toBe(code);
      const cell = documentedStatus(code);
      expect(cell).toContain(String(error.status));
      expect(cell).toContain(`\`${error.constructor.name}\``);
      made.simulator.close();
    });
  });
});

describe('the pages a user reads', () => {
  it.each(userPages)('%s names no source file (the package ships none)', (page) => {
    expect(read(page).match(/\bsrc\/[\w./-]+\.ts\b/g) ?? []).toEqual([]);
  });

  it.each(userPages)('%s names journal files as the SQLite files they are', (page) => {
    const text = read(page);
    const journalFiles = [
      ...text.matchAll(/fileJournal\(\s*['"`]([^'"`]+)['"`]/g),
      ...text.matchAll(/--journal[ =]['"]?([^\s'"`]+)/g),
    ]
      .map((match) => match[1]!)
      .filter((path) => !/^postgres(ql)?:\/\//.test(path) && !path.startsWith('<'));
    expect(journalFiles.filter((path) => path.endsWith('.json'))).toEqual([]);
  });
});
