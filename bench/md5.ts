// seatpay's own MD5 (src/helpers/upload/md5.ts: browsers, Workers, Deno, Bun) against node:crypto's
// (OpenSSL, what Node uploads use), over the same bytes, interleaved rounds in one process: the
// md5 a browser upload pays when it checks its digest. Fed in 1 MiB pieces, as an upload feeds it.
//
//   npx tsx bench/md5.ts [--mib 64] [--rounds 5] [--unaligned]
//
// `--unaligned` feeds pieces that start at an odd byte offset (the scratch-copy path).
// Prints MiB/s per implementation (median) and CPU s/GiB, with the load average.
import { createHash, randomFillSync } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Md5 } from '../src/helpers/upload/md5.js';

const MiB = 1024 * 1024;
const { values } = parseArgs({
  options: {
    mib: { type: 'string', default: '64' },
    rounds: { type: 'string', default: '5' },
    unaligned: { type: 'boolean', default: false },
    // A module exporting an `Md5` class to measure beside (say an earlier md5.ts).
    against: { type: 'string' },
  },
});
const size = Number(values.mib) * MiB;
const shift = values.unaligned ? 1 : 0;
const backing = randomFillSync(new Uint8Array(size + shift));
const bytes = backing.subarray(shift);

interface Digest {
  update(bytes: Uint8Array): unknown;
  digest(): string | Promise<string>;
}
const nodeMd5 = (): Digest => {
  const hash = createHash('md5');
  return { update: (piece) => hash.update(piece), digest: () => hash.digest('hex') };
};
const implementations: Record<string, () => Digest> = {
  'node:crypto': nodeMd5,
  'seatpay Md5': () => new Md5(),
};
if (values.against) {
  const { Md5: Other } = (await import(values.against)) as { Md5: new () => Digest };
  implementations['--against'] = () => new Other();
}

async function once(make: () => Digest): Promise<{ ms: number; cpuMs: number; hex: string }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const md5 = make();
  for (let at = 0; at < size; at += MiB) md5.update(bytes.subarray(at, at + MiB));
  const hex = await md5.digest();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, hex };
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results = new Map<string, { ms: number; cpuMs: number }[]>();
const loadBefore = load();
for (let round = 0; round < Number(values.rounds); round++) {
  const hexes = new Set<string>();
  for (const [name, make] of Object.entries(implementations)) {
    const { hex, ...measure } = await once(make);
    hexes.add(hex);
    results.set(name, [...(results.get(name) ?? []), measure]);
  }
  if (hexes.size !== 1) throw new Error(`The implementations disagree: ${[...hexes].join(', ')}`);
}
console.log(
  `\n${values.mib} MiB in 1 MiB pieces${values.unaligned ? ', unaligned' : ''}, ` +
    `${values.rounds} rounds, Node ${process.version}; load average ${loadBefore} before, ${load()} after.\n`,
);
console.log('| md5 | MiB/s (median) | CPU s/GiB (median) | × node:crypto (CPU) |');
console.log('| --- | --- | --- | --- |');
const cpuPerGiB = (name: string) =>
  median(results.get(name)!.map((m) => m.cpuMs / 1000 / (size / MiB / 1024)));
for (const [name, ms] of results) {
  const speed = median(ms.map((m) => size / MiB / (m.ms / 1000)));
  console.log(
    `| ${name} | ${speed.toFixed(0)} | ${cpuPerGiB(name).toFixed(2)} | ` +
      `${(cpuPerGiB(name) / cpuPerGiB('node:crypto')).toFixed(2)} |`,
  );
}
