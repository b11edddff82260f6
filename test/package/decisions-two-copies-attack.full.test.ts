// Decisions on one key of one store took turns per copy of seatpay: loaded twice in one process
// (its CommonJS build required by one dependency, its ESM build imported by the app, or a
// dependency bundling its own copy) each copy kept its own table of turns. Two operators settling
// a record that names no claim (written by 0.1.0 or an earlier build), one "charged" through one
// copy and one "not charged" through the other, both read it unknown and both wrote: each
// operator was told it decided, the last write won ("not charged": the next run paid again). The copies share one table now. The test loads the
// build (dist/, made by the full suite's setup) both ways, as a user's process does. The ESM copy
// decides first: its owner check loads code the CommonJS copy has inline, and with a table per
// copy the other decision read and wrote in between.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { earlierBuildLostAnswer } from '../support/earlier-build-decisions.js';

type Main = typeof import('../../src/index.js');
type Node = typeof import('../../src/node.js');

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const require = createRequire(import.meta.url);
const folder = useJournalFolder('seatpay-two-copies-');

/** seatpay's main and node entries, as `require` (CommonJS) or `import` (ESM) loads them. */
async function copy(loaded: 'require' | 'import'): Promise<{ main: Main; node: Node }> {
  if (loaded === 'require')
    return { main: require(join(dist, 'index.cjs')), node: require(join(dist, 'node.cjs')) };
  const [main, node] = await Promise.all([
    import(join(dist, 'index.js')) as Promise<Main>,
    import(join(dist, 'node.js')) as Promise<Node>,
  ]);
  return { main, node };
}

describe('seatpay loaded twice in one process', () => {
  it('settle "charged" through one copy and "not charged" through the other: one lands', async () => {
    const [cjs, esm] = await Promise.all([copy('require'), copy('import')]);
    expect(cjs.main.createClient).not.toBe(esm.main.createClient); // two copies indeed
    const path = join(folder.dir, 'orders.db');
    const first = folder.journalAt(path);
    const lost = await earlierBuildLostAnswer('two-copies@example.com', first, first);
    first.close();
    const { simulator, token, keyed } = lost;
    const through = ({ main, node }: { main: Main; node: Node }) => ({
      client: main.createClient({
        baseUrl: 'http://simulator.test',
        token,
        maxRetries: 0,
        logLevel: 'off',
        fetch: (input, init) => simulator.handle(new Request(input, init)),
      }),
      journal: node.fileJournal(path),
    });
    const [one, other] = [through(esm), through(cjs)];
    try {
      // Each copy's journal open and its journal code loaded: the two decisions start together.
      for (const { client, journal } of [one, other]) await client.journal.list({ journal });
      const decisions = await Promise.allSettled([
        one.client.journal.settle(keyed.key, {
          charged: 'yes',
          reason: 'invoice 7',
          journal: one.journal,
        }),
        other.client.journal.settle(keyed.key, {
          charged: 'no',
          reason: 'no invoice',
          journal: other.journal,
        }),
      ]);
      expect(decisions.map(({ status }) => status)).toEqual(['fulfilled', 'rejected']);
      expect((decisions[1] as PromiseRejectedResult).reason).toBeInstanceOf(
        cjs.main.SettleRefusedError,
      );
      expect((await other.journal.get(keyed.key))?.settled?.charged).toBe('yes');
    } finally {
      one.journal.close();
      other.journal.close();
    }
    // The order delivered again is never paid again.
    const again = folder.journalAt(path);
    await expect(lost.client.consumables.checkout({ ...keyed, journal: again })).rejects.toThrow(
      /settled as charged/,
    );
    expect(lost.charges()).toBe(1);
  });
});
