import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import {
  packAndInstall,
  repoRoot,
  type PackedPackage,
} from '../../package/support/pack-and-install.js';
import type * as SeatpayMock from '../../../src/mock/index.js';

/** The consumer scripts (flow and per-runtime runners), copied next to the installed package. */
const CONSUMER = join(import.meta.dirname, '..', 'consumer');

export interface ConsumerProject extends PackedPackage {
  /** `seatpay/mock` as installed from the tarball. */
  mock: typeof SeatpayMock;
}

/**
 * The packed tarball installed once into a scratch project in the system temp dir, with the
 * consumer scripts beside it: every runtime resolves `seatpay` from that install, never from
 * the repository.
 */
export async function consumerProject(): Promise<ConsumerProject> {
  const packed = await packAndInstall();
  await cp(CONSUMER, packed.scratchDir, { recursive: true });
  const mock = (await import(join(packed.installedDir, 'dist', 'mock.js'))) as typeof SeatpayMock;
  return { ...packed, mock };
}

/** A binary of the repository's dev dependencies (bun, deno ...), installed from npm. */
export const devBinary = (name: string): string => join(repoRoot, 'node_modules', '.bin', name);
