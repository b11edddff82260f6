import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runBin } from './run-bin.js';
import { refusedEchoing } from './support/seats-refused-echoing.js';

// unknown-card-numbers.test.ts's card numbers in a CSV's free-text column, echoed by the service,
// through the real bin (a child process, src/command through tsx): grouped otherwise, and hex ids.

let server: MockServer;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-cards-bin-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Cards as a CJK page or a careful typist groups them: full-width space or dash, ` - `, two spaces. */
const GROUPED_OTHERWISE = [
  '４１１１　１１１１　１１１１　１１１１',
  '5555－5555－5555－4444',
  '4111 - 1111 - 1111 - 1111',
  '4111  1111  1111  1111',
  '4111\u20021111\u20021111\u20021111',
];

/** Hex ids holding a Luhn-valid card-shaped run between their letters. */
const HEX_IDS = ['ch_ab4111111111111111cdef01', 'e1de4003-3875-4286-9003-cafe5f0e4e2d'];

describe('the real bin, cards grouped otherwise and hex ids', () => {
  it('hides the cards, prints the ids whole', async () => {
    const ids = HEX_IDS.map((id) => `id ${id}`);
    const ran = await refusedEchoing(
      server,
      dir,
      'grouped-card@example.com',
      GROUPED_OTHERWISE,
      ids,
      runBin,
    );

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.match(/card \[REDACTED\]/g)).toHaveLength(GROUPED_OTHERWISE.length);
    for (const card of GROUPED_OTHERWISE) expect(ran.printed).not.toContain(card.slice(-9));
    for (const id of ids) expect(ran.printed).toContain(id);
  }, 120_000);
});
