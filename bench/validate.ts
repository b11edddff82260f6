// Validation benchmark: `client.consumables.list()` on a 10,000-item listing (read, JSON.parse,
// validation) against reading the same answer with JSON.parse alone, from the same in-memory
// fetch, in the same process, interleaved round by round.
//
//   npx tsx bench/validate.ts [--items 10000] [--rounds 15]      # same as: npm run bench:validate
//
// The listing has the shape SERVICE.md documents (an array of consumables) and the grouped shape
// the deployed server sends (live-api.md: per service kind, items under each resource); both are
// measured. Runs as plain Node from an esbuild bundle of the built package. Target: <= 1.5x.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { stop as stopEsbuild } from 'esbuild';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '15' },
  },
});
const TARGET = 1.5;

const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-'));
try {
  const script = await bundleForNode(dir, 'validate-child');
  await stopEsbuild();
  const { stdout } = await promisify(execFile)(process.execPath, [
    script,
    values.items,
    values.rounds,
  ]);
  const rows = JSON.parse(stdout) as {
    shape: string;
    bytes: number;
    parseMs: number;
    validateMs: number;
  }[];
  console.log(
    `Node ${process.version}, ${values.items} items, median of ${values.rounds} rounds\n`,
  );
  console.log(
    '| listing shape | JSON bytes | text() + JSON.parse ms | consumables.list() ms | ratio | target |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  let missed = 0;
  for (const row of rows) {
    const ratio = row.validateMs / row.parseMs;
    if (ratio > TARGET) missed++;
    console.log(
      `| ${row.shape} | ${row.bytes} | ${row.parseMs.toFixed(2)} | ${row.validateMs.toFixed(2)} | ${ratio.toFixed(2)} | ${ratio <= TARGET ? 'met' : '**missed**'} |`,
    );
  }
  process.exitCode = missed ? 1 : 0;
} finally {
  await rm(dir, { recursive: true, force: true });
}
