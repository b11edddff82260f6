import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

// Global setup of the `full` project: builds dist/ once, before any full-suite file reads it
// (browser, bundle, packed package, README commands...), so `npm run test:all` works on a fresh
// clone after `npm ci`. The fast project never builds.
const root = resolve(import.meta.dirname, '../..');

export default async function buildDist(): Promise<void> {
  // Re-running one full file against a dist/ already built: SEATPAY_SKIP_BUILD=1 keeps it (and
  // leaves alone a dist/ that another run is reading).
  if (process.env.SEATPAY_SKIP_BUILD === '1' && existsSync(resolve(root, 'dist/index.js'))) return;
  const started = performance.now();
  const run = (script: string) =>
    promisify(execFile)(process.execPath, [resolve(root, script)], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
  // As `npm run build`: tsup, then the CommonJS types' import marks (scripts/cjs-type-imports.ts).
  await run('node_modules/tsup/dist/cli-default.js');
  await run('scripts/cjs-type-imports.ts');
  console.log(`full suite: built dist/ with tsup in ${Math.round(performance.now() - started)} ms`);
}
