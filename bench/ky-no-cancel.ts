// ky with the one-line change offered upstream (BENCHMARKS.md, "The request body cancel"): after a
// call, ky 2.1.0 cancels the request body it made (Ky.js, `finally` of the call) even when fetch
// has already read it whole. Cancelling only a body fetch never read keeps the point of the cancel
// (a body left unread when fetch failed early is released) without the work on every POST:
//
//   - ky.#cancelBody(originalRequest?.body ?? undefined);
//   + if (!originalRequest?.bodyUsed) ky.#cancelBody(originalRequest?.body ?? undefined);
//
// The benchmarks load a patched copy of the installed ky beside the real one, to measure both in
// one run.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire as requireFrom } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type kyType from 'ky';

const ORIGINAL = 'ky.#cancelBody(originalRequest?.body ?? undefined);';
const CHANGED =
  'if (!originalRequest?.bodyUsed) ky.#cancelBody(originalRequest?.body ?? undefined);';

/**
 * The installed ky (resolved from the working directory: the repository, also for a bundled bench
 * script), patched in a temporary copy; throws if the line is not there any more.
 */
export async function kyWithoutBodyCancel(): Promise<typeof kyType> {
  const entry = requireFrom(join(process.cwd(), 'package.json')).resolve('ky');
  const installed = dirname(dirname(entry));
  const copy = join(mkdtempSync(join(tmpdir(), 'ky-no-cancel-')), 'ky');
  cpSync(installed, copy, { recursive: true });
  const file = join(copy, 'distribution/core/Ky.js');
  const source = readFileSync(file, 'utf8');
  if (!source.includes(ORIGINAL)) throw new Error(`ky changed: "${ORIGINAL}" is not in Ky.js`);
  writeFileSync(file, source.replace(ORIGINAL, CHANGED));
  const module = (await import(pathToFileURL(join(copy, 'distribution/index.js')).href)) as {
    default: typeof kyType;
  };
  return module.default;
}
