import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { EdgeRuntime } from 'edge-runtime';
import { Miniflare } from 'miniflare';
import { build as viteBuild } from 'vite';
import { launchChromium } from '../../browser/support/launch-chromium.js';
import { startStaticServer } from './loopback-servers.js';
import { RUN_TIMEOUT_MS } from './server-runtimes.js';

/** What a bundled runner answers: the flow's result, or the error that stopped it. */
type Outcome = { ok: true; result: unknown } | { ok: false; error: string };

function resultOf(outcome: Outcome, runtime: string): unknown {
  if (!outcome.ok) throw new Error(`${runtime}: the flow failed: ${outcome.error}`);
  return outcome.result;
}

/** Bundles `entry` of the consumer project with esbuild for the given export conditions. */
async function bundle(
  dir: string,
  entry: string,
  out: string,
  conditions: string[],
  format: 'esm' | 'iife',
): Promise<string[]> {
  const { metafile } = await esbuild({
    absWorkingDir: dir,
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions,
    target: 'es2022',
    logLevel: 'silent',
    metafile: true,
  });
  return platformModules(Object.keys(metafile.inputs));
}

/** The seatpay platform modules (`dist/platform-web.js` ...) among a bundle's inputs. */
const platformModules = (inputs: string[]): string[] =>
  inputs
    .filter((input) => /seatpay\/dist\/platform-/.test(input))
    .map((input) => input.replace(/^.*\/dist\//, ''));

/** The flow's result, and the platform module the bundler picked. */
export interface BundledRun {
  result: unknown;
  platform: string[];
}

/**
 * workerd through miniflare, without nodejs_compat: the worker is bundled with workerd's
 * conditions (`workerd`, `worker`, `browser`) and the flow runs inside one request.
 */
export async function runInWorkerd(dir: string, config: object): Promise<BundledRun> {
  const scriptPath = join(dir, 'out', 'worker.js');
  const platform = await bundle(
    dir,
    './run-worker.mjs',
    scriptPath,
    ['workerd', 'worker', 'browser'],
    'esm',
  );
  const miniflare = new Miniflare({
    modules: true,
    scriptPath,
    // Module paths are relative to this root: the bundle sits in the temp dir, outside the cwd.
    modulesRoot: join(dir, 'out'),
    compatibilityDate: '2026-04-01',
  });
  try {
    const response = await miniflare.dispatchFetch('http://worker.test/', {
      method: 'POST',
      body: JSON.stringify(config),
      signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
    });
    return { result: resultOf((await response.json()) as Outcome, 'workerd'), platform };
  } finally {
    await miniflare.dispose();
  }
}

/** Vercel's edge-runtime emulator, with the bundle built for the `edge-light` condition. */
export async function runInEdgeRuntime(dir: string, config: object): Promise<BundledRun> {
  const out = join(dir, 'out', 'edge.js');
  const platform = await bundle(
    dir,
    './run-global.mjs',
    out,
    ['edge-light', 'worker', 'browser'],
    'iife',
  );
  const runtime = new EdgeRuntime({ initialCode: await readFile(out, 'utf8') });
  const text = (await runtime.evaluate(`__seatpayRun(${JSON.stringify(config)})`)) as string;
  return { result: resultOf(JSON.parse(text) as Outcome, 'edge-runtime'), platform };
}

/** A page bundle made by esbuild for browsers, in its own folder with the page. */
export async function esbuildPage(dir: string): Promise<BuiltPage> {
  const root = join(dir, 'out', 'esbuild-page');
  await mkdir(root, { recursive: true });
  const platform = await bundle(
    dir,
    './run-global.mjs',
    join(root, 'run-global.mjs'),
    ['browser'],
    'esm',
  );
  await writeFile(join(root, 'index.html'), await readFile(join(dir, 'index.html')));
  return { root, platform };
}

/** A page's folder, and the platform module its bundler picked. */
export interface BuiltPage {
  root: string;
  platform: string[];
}

/** The same page built by vite (production build, its default browser resolution). */
export async function vitePage(dir: string): Promise<BuiltPage> {
  const root = join(dir, 'out', 'vite-page');
  const built = await viteBuild({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: { outDir: root, emptyOutDir: true, target: 'es2022' },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as {
    output: { type: string; moduleIds?: string[] }[];
  }[];
  const modules = outputs.flatMap(({ output }) => output.flatMap((chunk) => chunk.moduleIds ?? []));
  return { root, platform: platformModules(modules) };
}

/** Serves a built page on loopback, opens it in headless Chromium and runs the flow there. */
export async function runInChromium(pageRoot: string, config: object): Promise<unknown> {
  const page = await startStaticServer(pageRoot);
  const { browser } = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.goto(page.url);
    await tab.waitForFunction(() => '__seatpayRun' in globalThis, undefined, {
      timeout: RUN_TIMEOUT_MS,
    });
    const text = await tab.evaluate(
      (given) =>
        (globalThis as unknown as { __seatpayRun(c: object): Promise<string> }).__seatpayRun(given),
      config,
    );
    return resultOf(JSON.parse(text) as Outcome, 'Chromium');
  } finally {
    await browser.close();
    await page.close();
  }
}
