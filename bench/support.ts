// What the benchmarks share: bundling a bench script for plain Node, and starting a helper process
// that prints its origin on its first line of stdout and stops when its stdin closes.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
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
