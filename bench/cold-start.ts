// Cold start: `import('seatpay')` + `createClient` in a fresh Node process, against importing
// ky + zod alone (the baseline the issue names: the dependencies seatpay is built on), each in
// its own process, interleaved, many times.
//
//   npx tsx bench/cold-start.ts [--runs 30]      # same as: npm run bench:cold-start
//
// Two figures per subject: the time the imports (and createClient) take inside the process,
// and the whole process's wall time, `node -e` start to exit. The package is the built dist/,
// reached by its own name (package self-reference), as users import it.
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);
const run = promisify(execFile);

const subjects = {
  "import('seatpay') + createClient": `
    const { createClient } = await import('seatpay');
    createClient({ baseUrl: 'https://api.example.com', token: 't' });`,
  "import('ky') + import('zod')": `
    await import('ky');
    await import('zod');`,
  "import('ky') + import('zod/mini')": `
    await import('ky');
    await import('zod/mini');`,
} as const;
type Subject = keyof typeof subjects;

async function once(subject: Subject): Promise<{ importMs: number; processMs: number }> {
  const script = `const started = performance.now();${subjects[subject]}
    console.log(performance.now() - started);`;
  const started = performance.now();
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return { importMs: Number(stdout.trim()), processMs: performance.now() - started };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const names = Object.keys(subjects) as Subject[];
const results = Object.fromEntries(
  names.map((name) => [name, { importMs: [] as number[], processMs: [] as number[] }]),
);
for (const name of names) await once(name); // warm the file cache
for (let i = 0; i < runs; i++) {
  for (const name of i % 2 ? [...names].reverse() : names) {
    const { importMs, processMs } = await once(name);
    results[name]!.importMs.push(importMs);
    results[name]!.processMs.push(processMs);
  }
}
const baseline = results["import('ky') + import('zod')"]!;
console.log(`Node ${process.version}, ${runs} fresh processes each, medians\n`);
console.log('| subject | imports ms | vs ky + zod | process wall ms | vs ky + zod |');
console.log('| --- | --- | --- | --- | --- |');
for (const name of names) {
  const r = results[name]!;
  const importMs = median(r.importMs);
  const processMs = median(r.processMs);
  console.log(
    `| ${name} | ${importMs.toFixed(1)} | ${(importMs / median(baseline.importMs)).toFixed(2)} | ${processMs.toFixed(0)} | ${(processMs / median(baseline.processMs)).toFixed(2)} |`,
  );
}
