// Per-call CPU of tracing, with and without a tracer (BENCHMARKS.md, "Tracing and metrics").
//
//   npx tsx bench/tracing.ts [rounds] [calls]      # default 11 rounds of 2000 calls per client
//
// bench/tracing-child.ts, bundled by esbuild, runs as plain Node: under tsx it would measure tsx.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bundleForNode } from './support.js';

const dir = await mkdtemp(join(tmpdir(), 'seatpay-tracing-bench-'));
try {
  const script = await bundleForNode(dir, 'tracing-child');
  const { stdout } = await promisify(execFile)(process.execPath, [
    script,
    ...process.argv.slice(2),
  ]);
  process.stdout.write(stdout);
} finally {
  await rm(dir, { recursive: true, force: true });
}
