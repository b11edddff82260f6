import { afterAll, beforeAll } from 'vitest';
import { seededRandom, startMockServer, type MockServer } from '../../../src/mock/index.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

/** The simulator on loopback and the fault proxy in front of it, as a test file's tests see them. */
export interface FaultBed {
  server: MockServer;
  proxy: FaultProxy;
}

/**
 * For a test file: the simulator on loopback, its faults drawn from `seed`, and the fault proxy in
 * front of it (for what happens to an answer in transit), started before the file's tests and
 * closed after them.
 */
export function useFaultBed(seed: number, subscriptionDelayMs: number): FaultBed {
  const bed = {} as FaultBed;
  beforeAll(async () => {
    bed.server = await startMockServer({ subscriptionDelayMs, random: seededRandom(seed) });
    bed.proxy = await startFaultProxy(bed.server.url);
  });
  afterAll(async () => {
    await bed.proxy?.close();
    await bed.server?.close();
  });
  return bed;
}
