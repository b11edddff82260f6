// Where a keyed call's CPU goes that instructions do not show (issue 37, keycost8): per call, plain
// and keyed (memoryJournal, identity), this checkout's checkouts against the in-process simulator,
// in one bundled Node process (--expose-gc), blocks interleaved (plain, memoryJournal, identity,
// then reversed):
//   - CPU split: process.cpuUsage() user and system, per call;
//   - the kernel's side: process.resourceUsage() voluntary / involuntary context switches, per call;
//   - what may hop off the main thread or wake the loop, counted by wrapping the globals during the
//     block: crypto.subtle's methods, setTimeout / setInterval / setImmediate / queueMicrotask,
//     performance.now / Date.now.
//
//   npx tsx bench/keyed-cost-probe.ts [--rounds 10] [--calls 50] [--node-flags=...]
//                                     [--collect minor|major] [--pauses] [--shared]
//                                     [--arms plain,memoryJournal,identity,plainRetaining]
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    calls: { type: 'string', default: '50' },
    'node-flags': { type: 'string', default: '' },
    collect: { type: 'string', default: 'minor' },
    pauses: { type: 'boolean', default: false },
    shared: { type: 'boolean', default: false },
    arms: { type: 'string', default: '' },
  },
});
const here = resolve(new URL('..', import.meta.url).pathname);
const dir = await mkdtemp(join(tmpdir(), 'seatpay-keyed-probe-'));
try {
  const entry = join(dir, 'entry.ts');
  const src = (path: string) => JSON.stringify(join(here, 'src', path));
  await writeFile(
    entry,
    [
      `import { probe } from ${JSON.stringify(join(here, 'bench', 'keyed-cost-probe-child.ts'))};`,
      `import * as seatpay from ${src('index.ts')};`,
      `import * as mock from ${src('mock/index.ts')};`,
      `await probe({ seatpay, mock } as never, ${JSON.stringify({ rounds: Number(values.rounds), calls: Number(values.calls), collect: values.collect, pauses: values.pauses, shared: values.shared, arms: values.arms.split(',').filter(Boolean) })});`,
    ].join('\n'),
  );
  const script = await bundleForNode(dir, 'keyed-probe-entry', new URL(`file://${entry}`));
  const flags = values['node-flags'].split(' ').filter(Boolean);
  console.log(
    `load ${loadavg()[0]!.toFixed(1)}, node ${process.version}, flags ${flags.join(' ') || '(none)'}`,
  );
  const child = spawn(process.execPath, ['--expose-gc', ...flags, script], { stdio: 'inherit' });
  const code = await new Promise<number | null>((done) => child.once('close', done));
  console.log(`load ${loadavg()[0]!.toFixed(1)}`);
  if (code !== 0) throw new Error(`the probe ended with ${code}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
