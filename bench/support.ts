// What the benchmarks share: bundling a bench script for plain Node, and starting a helper process
// that prints its origin on its first line of stdout and stops when its stdin closes, and running a
// script in a process of its own to its end.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Bench scripts run as plain Node from an esbuild bundle: under tsx (source maps, loader hooks) they
 * would measure tsx, not seatpay. `entry` defaults to `bench/<name>.ts`; tests bundle their own
 * child scripts with it too.
 */
export async function bundleForNode(
  dir: string,
  name: string,
  entry: URL = new URL(`./${name}.ts`, import.meta.url),
): Promise<string> {
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry.pathname],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // CommonJS dependencies (form-data) require Node built-ins: give the ES module a `require`.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** Starts `script` in its own Node process; resolves to its origin and a way to stop it. */
export async function startHelperProcess(script: string, args: string[]) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
  });
  return { url, stop: () => child.stdin.end() };
}

/** What a script run by {@link runNodeScript} ended with. */
export interface ScriptRun {
  code: number | null;
  stderr: string;
  /** From the spawn to the process's close, ms. */
  wallMs: number;
}

/** Runs `script` in a Node process of its own with `env` added (its stdout ignored) to its end. */
export function runNodeScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stderr, wallMs: performance.now() - started }));
  });
}

const cpu = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/**
 * The longest hold of the event loop while `work` runs (the longest gap between two runs of a
 * `setImmediate` loop kept going meanwhile): ms CPU of this process and ms elapsed; its whole CPU
 * and elapsed ms, how many holds (`pauses`) and the median hold's ms CPU (`typical`).
 */
export async function loopHeld(work: () => unknown) {
  let longest = 0;
  let longestCpu = 0;
  const holds: number[] = [];
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let running = true;
  const ping = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    holds.push(cpu(lastCpu));
    longestCpu = Math.max(longestCpu, holds[holds.length - 1]!);
    last = now;
    lastCpu = process.cpuUsage();
    if (running) setImmediate(ping);
  };
  setImmediate(ping);
  await new Promise((go) => setImmediate(go));
  const start = process.cpuUsage();
  const began = performance.now();
  await work();
  const elapsed = performance.now() - began;
  const total = cpu(start);
  running = false;
  await new Promise((go) => setImmediate(go));
  const typical = holds.sort((a, b) => a - b)[Math.floor(holds.length / 2)]!;
  return { longestCpu, longest, total, elapsed, pauses: holds.length, typical };
}

/** A checkout's `scrubText` (src/core/secrets/redact.ts at `root`), bundled into `dir` as `name`. */
export async function loadScrubText(
  dir: string,
  name: string,
  root: string,
): Promise<(text: string, secrets: readonly string[]) => string> {
  const entry = join(dir, `${name}-entry.ts`);
  await writeFile(
    entry,
    `export { scrubText } from '${join(root, 'src/core/secrets/redact.ts')}';`,
  );
  const bundle = await bundleForNode(dir, name, pathToFileURL(entry));
  type Loaded = { scrubText: (text: string, secrets: readonly string[]) => string };
  return ((await import(pathToFileURL(bundle).href)) as Loaded).scrubText;
}
