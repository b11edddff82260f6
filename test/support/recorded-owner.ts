// The owner's client on a fresh simulator of a profile, in this process, listing each request it
// sends (recordingInMemoryClient): what a refused money call must leave empty, and what it
// charged. One simulator a test, closed after it.
import { afterEach } from 'vitest';
import type { ClientOptions, ProfileName } from '../../src/index.js';
import { createSimulator, type Simulator } from '../../src/mock/index.js';
import { recordingInMemoryClient } from './recording-in-memory-client.js';

interface OwnerOptions {
  /** As the simulator's option: how long a paid subscription takes to appear. */
  subscriptionDelayMs?: number;
  /** More of the client's options (`academy`, say). */
  client?: Partial<ClientOptions>;
}

/** Registers the closing of each test's simulator; returns `ownerOf(profile)`, which makes it. */
export function recordedOwners() {
  let simulator: Simulator | undefined;
  afterEach(() => {
    simulator?.close();
    simulator = undefined;
  });
  return function ownerOf(profile: ProfileName, options: OwnerOptions = {}) {
    const sim = createSimulator({ profile, subscriptionDelayMs: options.subscriptionDelayMs });
    simulator = sim;
    const { client, sent } = recordingInMemoryClient(sim, sim.users.owner.token, {
      profile,
      ...options.client,
    });
    return { client, sent, charges: () => sim.charges.length };
  };
}
