import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulator, startMockServer } from '../../src/mock/index.js';
import { parseCommandLine } from '../../src/mock/cli/arguments.js';
import { runInProcess } from '../command/run-in-process.js';
import { repoRoot } from './support/readme-commands.js';

// newuser25: docs/command.md said seatpay-mock "prints the SEATPAY_BASE_URL and SEATPAY_TOKEN
// lines to export"; it prints them as a .env's lines, and pasted as they are into a shell (not
// exported) `seatpay` said "no service address: set SEATPAY_BASE_URL". The page now shows a first
// purchase in two terminals; these run its lines as it shows them.

const page = readFileSync(join(repoRoot, 'docs/command.md'), 'utf8');
const block =
  /A\s+first\s+purchase\s+and\s+its\s+seats[^]*?```sh\n([^]*?)```/.exec(page)?.[1] ?? '';
const lines = block
  .split('\n')
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter((line) => line && !line.startsWith('#'));

/** `export A=x B='y z'` as a shell reads it (unquoted words, or one single-quoted value). */
function exported(line: string): Record<string, string> {
  const pairs = line.slice('export '.length).matchAll(/(\w+)=('([^']*)'|\S+)/g);
  return Object.fromEntries([...pairs].map(([, name, raw, quoted]) => [name!, quoted ?? raw!]));
}

const scratch = mkdtempSync(join(tmpdir(), 'seatpay-first-purchase-'));
const toClose: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of toClose.reverse()) await close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("docs/command.md's first purchase, its lines run as shown", () => {
  it('exports what the simulator it starts serves, and each command exits 0', async () => {
    const mockLine = lines.find((line) => line.startsWith('npx seatpay-mock'));
    const command = parseCommandLine(mockLine!.split(/\s+/).slice(2));
    if (command.kind !== 'serve') throw new Error(`not a serve command: ${mockLine}`);
    const env = Object.assign(
      {},
      ...lines.filter((line) => line.startsWith('export ')).map(exported),
    ) as Record<string, string>;
    const simulator = createSimulator(command.simulator);
    toClose.push(() => simulator.close());
    expect(env.SEATPAY_BASE_URL).toBe(`http://127.0.0.1:${command.port}`);
    expect(env.SEATPAY_TOKEN).toBe(simulator.users.owner.token);
    // Served on any free port (4010 may be taken here); everything else as the page says.
    const server = await startMockServer({ port: 0, simulator });
    toClose.push(() => server.close());

    const runs = lines.filter((line) => line.startsWith('npx seatpay '));
    expect(runs.map((line) => line.split(' ')[2])).toEqual(['purchase', 'seats', 'seats']);
    const said: string[] = [];
    for (const line of runs) {
      const argv = line
        .split(/\s+/)
        .slice(2)
        .map((word) => (word.startsWith('./') ? join(scratch, word) : word));
      const ran = await runInProcess(argv, { ...env, SEATPAY_BASE_URL: server.url });
      expect(ran.code, `${line}\n${ran.stderr}`).toBe(0);
      said.push(ran.stdout);
    }
    expect(said[0]).toContain('try-1: purchase done, plan team-per-seat, subscription 101');
    expect(said[2]).toMatch(/\tada@example\.com\tactive/);
  });

  it('says what an unexported SEATPAY_BASE_URL leads to, as the command says it', async () => {
    const ran = await runInProcess(['seats', 'list', '101'], { SEATPAY_TOKEN: 'dev-owner-token' });
    expect(ran.code).toBe(2);
    const named = /without it `seatpay` says `([^`]+)`/.exec(page.replace(/\s+/g, ' '))?.[1];
    expect(named).toBeDefined();
    expect(ran.stderr).toContain(`seatpay: ${named}: set SEATPAY_BASE_URL`);
  });
});
