import { execFile } from 'node:child_process';
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './pack-and-install.js';

/** Uses every entry point's types once from an ES module... */
const FROM_ESM = `import { createClient, type Plan } from 'seatpay';
import { fromPath } from 'seatpay/node';
import { startMockServer, type MockServer } from 'seatpay/mock';
const plan: Promise<Plan> = createClient({ baseUrl: 'https://x.test', token: 't' }).plans.get('a');
const file: Promise<File> = fromPath('./a.bin', { type: 'application/octet-stream' });
const server: Promise<MockServer> = startMockServer({ port: 0 });
void [plan, file, server];
`;

/** ...and once from a CommonJS module, which resolves the `require` types (.d.cts). */
const FROM_CJS = `import seatpay = require('seatpay');
import seatpayNode = require('seatpay/node');
import seatpayMock = require('seatpay/mock');
const plan: Promise<seatpay.Plan> = seatpay.createClient({ baseUrl: 'https://x.test', token: 't' }).plans.get('a');
const file: Promise<File> = seatpayNode.fromPath('./a.bin');
const server: Promise<seatpayMock.MockServer> = seatpayMock.startMockServer({ port: 0 });
void [plan, file, server];
`;

/**
 * Compiles both files in the scratch project with the repository's TypeScript under NodeNext and
 * `skipLibCheck: false`, so errors inside the shipped .d.ts files count too. Resolves with tsc's
 * error lines.
 */
export async function typeErrors(scratchDir: string): Promise<string[]> {
  await writeFile(join(scratchDir, 'types.mts'), FROM_ESM);
  await writeFile(join(scratchDir, 'types.cts'), FROM_CJS);
  return tscErrors(scratchDir, ['--strict'], ['types.mts', 'types.cts']);
}

/** A purchase script, seat changes, an upload and error handling: test/package/typed/program.mts. */
const PROGRAM = join(import.meta.dirname, '..', 'typed', 'program.mts');

/**
 * Compiles a realistic program (`typed/program.mts`) against the installed package under the
 * strictest options users turn on: `strict`, `exactOptionalPropertyTypes` and
 * `noUncheckedIndexedAccess`. Its `@ts-expect-error` lines make tsc fail too if a type it reads
 * were `any` or `unknown`. Resolves with tsc's error lines.
 */
export async function strictProgramErrors(scratchDir: string): Promise<string[]> {
  await copyFile(PROGRAM, join(scratchDir, 'program.mts'));
  const strictest = ['--strict', '--exactOptionalPropertyTypes', '--noUncheckedIndexedAccess'];
  return tscErrors(scratchDir, strictest, ['program.mts']);
}

/**
 * Runs the repository's tsc over `files` in `scratchDir` with `flags`, under NodeNext and
 * `skipLibCheck: false`. Resolves with tsc's error lines.
 */
export function tscErrors(scratchDir: string, flags: string[], files: string[]): Promise<string[]> {
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const args = [
    tsc,
    '--ignoreConfig',
    '--noEmit',
    '--pretty',
    'false',
    ...flags,
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--skipLibCheck',
    'false',
    '--lib',
    'es2022,dom',
    ...files,
  ];
  return new Promise((done) => {
    // tsc prints its errors on stdout and exits non-zero; the lines are the result either way.
    execFile(process.execPath, args, { cwd: scratchDir }, (_, stdout, stderr) => {
      done(`${stdout}${stderr}`.split('\n').filter((line) => line.trim() !== ''));
    });
  });
}
