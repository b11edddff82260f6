// The owner's client on a fresh simulator of a profile, served on loopback, whose requests a test
// lists as they arrive (watched-simulator.ts): what a purchase sent before it was refused, and
// what it charged. One server a test, closed after it.
import { afterEach } from 'vitest';
import { createClient, type ProfileName } from '../../src/index.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { watchedSimulator } from './watched-simulator.js';

/** Registers the closing of each test's server; returns `ownerOf(profile)`, which starts it. */
export function watchedOwners() {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server?.simulator.close();
    server = undefined;
  });
  return async function ownerOf(profile: ProfileName) {
    const watched = watchedSimulator(createSimulator({ profile, subscriptionDelayMs: 10 }));
    const started = await startMockServer({ simulator: watched.simulator });
    server = started;
    const arrived: string[] = [];
    watched.onArrival((route) => arrived.push(route));
    const { token } = started.simulator.users.owner;
    const client = createClient({ baseUrl: started.url, token, profile, logLevel: 'off' });
    return { client, arrived, charges: () => started.simulator.charges.length };
  };
}
