import { accessSync, constants, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright-core';

// The one way every browser test gets a headless Chromium. A fresh machine has only Node and npm,
// so the browser can come from the npm registry: @sparticuz/chromium ships a compressed Chromium
// inside its package and unpacks it to /tmp on first use. Where Debian's chromium is installed it
// is used instead (it starts faster). SEATPAY_CHROMIUM chooses: `npm` for the npm one, or the path
// of a Chromium to run.

/** Where the Chromium came from, for messages. */
export type ChromiumSource = 'SEATPAY_CHROMIUM' | 'PATH' | 'npm (@sparticuz/chromium)';

/** A Chromium to launch: its executable and the flags that suit it. */
export interface ChromiumExecutable {
  path: string;
  args: string[];
  source: ChromiumSource;
}

/** Flags for this machine's closed network: without them Chromium reaches out at start. */
const QUIET_NETWORK_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * @sparticuz/chromium's flags are made for serverless pages; these two would switch off the
 * same-origin policy, and the browser tests check that calls really cross origins under CORS.
 */
const FLAGS_THAT_CHANGE_PAGES = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
]);

/** `chromium` on PATH, as Debian's package installs it, or undefined. */
function chromiumOnPath(path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'chromium');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

const UNPACK_LOCK = join(tmpdir(), 'seatpay-chromium-unpack.lock');
const UNPACK_LOCK_STALE_MS = 120_000;

/**
 * Runs `work` holding a lock that other test processes respect: @sparticuz/chromium returns
 * /tmp/chromium as soon as the file exists, so a second worker would otherwise launch it while the
 * first is still writing it.
 */
async function holdingUnpackLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(UNPACK_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(UNPACK_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > UNPACK_LOCK_STALE_MS) rmSync(UNPACK_LOCK, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(UNPACK_LOCK, { recursive: true, force: true });
  }
}

async function npmChromium(): Promise<ChromiumExecutable> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const args = sparticuz.args.filter((flag) => !FLAGS_THAT_CHANGE_PAGES.has(flag));
  return {
    path: await holdingUnpackLock(() => sparticuz.executablePath()),
    args: [...new Set([...args, ...QUIET_NETWORK_ARGS])],
    source: 'npm (@sparticuz/chromium)',
  };
}

/** Which Chromium to run: SEATPAY_CHROMIUM, else Debian's on PATH, else the npm one. */
export async function findChromium(env = process.env): Promise<ChromiumExecutable> {
  const chosen = env.SEATPAY_CHROMIUM?.trim();
  if (chosen === 'npm') return npmChromium();
  if (chosen) return { path: chosen, args: QUIET_NETWORK_ARGS, source: 'SEATPAY_CHROMIUM' };
  const debian = chromiumOnPath(env.PATH);
  if (debian) return { path: debian, args: QUIET_NETWORK_ARGS, source: 'PATH' };
  return npmChromium();
}

/** A headless Chromium, with the executable it runs; close the browser when done. */
export async function launchChromium(): Promise<{
  browser: Browser;
  executable: ChromiumExecutable;
}> {
  const executable = await findChromium();
  try {
    const browser = await chromium.launch({
      executablePath: executable.path,
      args: executable.args,
      headless: true,
    });
    return { browser, executable };
  } catch (error) {
    throw new Error(
      `Chromium from ${executable.source} (${executable.path}) did not start. Set SEATPAY_CHROMIUM=npm to use the one from the npm registry, or the path of another Chromium.`,
      { cause: error },
    );
  }
}
