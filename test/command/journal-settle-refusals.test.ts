import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { GOOD_CARD } from '../support/team-purchase.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// docs/command.md: `seatpay journal settle` of a key settled already exits 2 and writes nothing,
// naming the decision that stands; `settle` and `reconcile` of a key the journal has no record of
// exit 2, saying to check the key and --journal (newuser13: both said what was wrong, not what to do).

const server = useMockServer({ subscriptionDelayMs: 5 });
const folder = useTempFolder('seatpay-command-settle-refusals-');

describe('seatpay journal settle and reconcile refused', () => {
  it('exit 2 with what to do, as docs/command.md says', async () => {
    const journal = folder.in('journal.db');
    const env = ownerEnv(server());
    // A journal that exists and holds no such key (one that does not exist is refused before:
    // journal-missing-file.test.ts).
    const owner = createClient({ baseUrl: env.SEATPAY_BASE_URL, token: env.SEATPAY_TOKEN });
    expect(await owner.journal.list({ journal: fileJournal(journal) })).toEqual([]);
    for (const argv of [
      [
        'journal',
        'settle',
        'order-404',
        '--not-charged',
        '--reason',
        'typo?',
        '--journal',
        journal,
      ],
      ['journal', 'reconcile', 'order-404', '--journal', journal],
    ]) {
      const ran = await runInProcess(argv, env);
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr).toMatch(
        /no record of the key "order-404": check the key, and that this is the journal its run used/,
      );
      expect(ran.stderr).toContain('seatpay journal list --journal');
    }

    // A checkout whose answer is lost, settled once, then settled again.
    const { subscription } = await owner.purchase({
      plan: 'team-per-team',
      team_seats: 2,
      card: GOOD_CARD,
      chosen_period: 'MONTH',
      pollInterval: 5,
    });
    server().simulator.faults.inject({
      route: 'POST /v2/payments/consumable/checkout',
      kind: 'reset-after',
    });
    const order = [
      'checkout',
      '--service',
      'ai-credits',
      '--how-many',
      '1',
      '--subscription',
      String(subscription.id),
    ];
    const lost = await runInProcess([...order, '--key', 'order-2', '--journal', journal], env);
    expect(lost.code, lost.stderr).toBe(3);
    const settle = ['journal', 'settle', 'order-2', '--reason', 'no invoice', '--journal', journal];
    expect((await runInProcess([...settle, '--not-charged'], env)).code).toBe(0);
    const again = await runInProcess([...settle, '--charged'], env);
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toMatch(
      /settled already as charged "no" .*that decision stands, nothing was written; the key may run again/,
    );
  });
});
