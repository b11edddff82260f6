// The simulator in a process of its own, for the leak tests: what the test process then holds
// (timers, sockets) is the client's alone. Started by `startServerProcess` (leaks-kit.ts) with
// `node --import tsx`; driven over IPC. The child exits when its parent goes away.
import { createSimulator, startMockServer, type FaultSpec } from '../../../src/mock/index.js';

type Command =
  | { id: number; op: 'inject'; spec: FaultSpec }
  | { id: number; op: 'clear' }
  | { id: number; op: 'stats' }
  | { id: number; op: 'close' };

const simulator = createSimulator({
  // Subscriptions never appear while a test waits for one (the waits are aborted).
  subscriptionDelayMs: 3_600_000,
  mediaProcessingDelayMs: 10,
});
/** Requests that reached the simulator, and those it answered, by "METHOD /path". */
const received = new Map<string, number>();
const answered = new Map<string, number>();
const bump = (map: Map<string, number>, key: string, by: number) =>
  map.set(key, (map.get(key) ?? 0) + by);

const server = await startMockServer({
  port: 0,
  simulator: {
    ...simulator,
    handle: async (request, options) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      bump(received, key, 1);
      try {
        return await simulator.handle(request, options);
      } finally {
        bump(answered, key, 1);
      }
    },
  },
});

/** Open connections: the server's accepted sockets are its only TCP sockets. */
const connections = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length;

process.on('message', (command: Command) => {
  const reply = (result: unknown = null) => process.send?.({ id: command.id, result });
  switch (command.op) {
    case 'inject':
      simulator.faults.inject(command.spec);
      return reply();
    case 'clear':
      simulator.faults.clear();
      return reply();
    case 'stats':
      return reply({
        received: Object.fromEntries(received),
        answered: Object.fromEntries(answered),
        connections: connections(),
      });
    case 'close':
      void server.close().then(() => {
        simulator.close();
        reply();
      });
      return;
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({
  ready: true,
  url: server.url,
  owner: simulator.users.owner.token,
});
