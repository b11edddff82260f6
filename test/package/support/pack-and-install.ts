import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** The fields of package.json these checks read. */
export interface Manifest {
  main?: string;
  module?: string;
  types?: string;
  exports: Record<string, unknown>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
}

/** One entry of `npm pack --json`: the same report `npm pack --dry-run --json` prints. */
export interface PackReport {
  name: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number; mode: number }[];
}

export interface PackedPackage {
  /** A scratch npm project holding only the installed tarball. */
  scratchDir: string;
  tarball: string;
  report: PackReport;
  /** The installed package: exactly the files of the tarball. */
  installedDir: string;
  /** The packed package.json. */
  manifest: Manifest;
}

/**
 * Packs the repository once and installs the tarball into a fresh scratch project, as a user
 * would. The project lives in the system temp dir, outside the repository, so nothing can resolve
 * from the repository's own node_modules (msw, for one, is installed there).
 */
export async function packAndInstall(): Promise<PackedPackage> {
  if (!existsSync(join(repoRoot, 'dist'))) {
    throw new Error(
      'dist/ is missing: run `npm run build` first (`npm run test:all` builds it once).',
    );
  }
  const scratchDir = await mkdtemp(join(tmpdir(), 'seatpay-package-'));
  // A real pack (not --dry-run): its JSON lists the files, and the tarball is what gets installed.
  // Without the `prepack` build: test:all built dist/ in its global setup, and a rebuild here would wipe
  // it under the suites running beside this one (and print into the JSON).
  const { stdout } = await exec(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', scratchDir],
    { cwd: repoRoot },
  );
  const [report] = JSON.parse(stdout) as PackReport[];
  if (!report) throw new Error(`npm pack printed no report:\n${stdout}`);
  const tarball = join(scratchDir, report.filename);

  await writeFile(
    join(scratchDir, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true }),
  );
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: scratchDir,
  });
  const installedDir = join(scratchDir, 'node_modules', report.name);
  // The packed package.json, not the repository's: another edit may have landed since the pack.
  const manifest = JSON.parse(
    await readFile(join(installedDir, 'package.json'), 'utf8'),
  ) as Manifest;
  return { scratchDir, tarball, report, installedDir, manifest };
}
