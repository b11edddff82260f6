// Support for leaks.full.test.ts: the simulator in a child process, the test process's own active
// resources, the client sockets it opened, and the memory run in a child with `--expose-gc`.
import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { execFile, fork, type ChildProcess } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FaultSpec } from '../../../src/mock/index.js';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
/** Node runs the TypeScript support scripts through tsx, as `npm run demo` does. */
const TSX = ['--import', 'tsx'];

export interface ServerStats {
  /** Requests that reached the simulator, by "METHOD /path". */
  received: Record<string, number>;
  /**
   * Requests the simulator has answered (or dropped), by "METHOD /path". A request whose client
   * gave up stays unanswered until its injected latency ends.
   */
  answered: Record<string, number>;
  /** Connections open on the server's side. */
  connections: number;
}

/** The simulator served by a child process (leaks-server.ts), driven over IPC. */
export interface ServerProcess {
  url: string;
  /** The owner's token. */
  owner: string;
  inject(spec: FaultSpec): Promise<void>;
  clear(): Promise<void>;
  stats(): Promise<ServerStats>;
  /** Stops listening and drops every open connection; the process stays up. */
  close(): Promise<void>;
  kill(): void;
}

export async function startServerProcess(): Promise<ServerProcess> {
  const child: ChildProcess = fork(here('./leaks-server.ts'), [], {
    execArgv: TSX,
    serialization: 'advanced', // structured clone: `times: Infinity` survives
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; owner: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`leaks-server exited with ${code}`)));
    child.once('message', (message) => resolve(message as { url: string; owner: string }));
  });
  child.removeAllListeners('exit');
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  child.on('message', (message) => {
    const { id, result } = message as { id: number; result: unknown };
    pending.get(id)?.(result);
    pending.delete(id);
  });
  const call = <T>(command: Record<string, unknown>): Promise<T> =>
    new Promise((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve as (result: unknown) => void);
      child.send({ id, ...command });
    });
  return {
    url: ready.url,
    owner: ready.owner,
    inject: (spec) => call({ op: 'inject', spec }),
    clear: () => call({ op: 'clear' }),
    stats: () => call({ op: 'stats' }),
    close: () => call({ op: 'close' }),
    kill: () => void child.kill(),
  };
}

/**
 * The async resources one call creates, told apart from everything else in the process (vitest's
 * own timers, other calls) by an AsyncLocalStorage context that follows the call into every timer,
 * promise and socket it makes. `held()` counts those still alive and ref'd (keeping the process
 * alive), by async_hooks type: 'Timeout', 'TCPWRAP' ...
 */
export class CallResources {
  private readonly context = new AsyncLocalStorage<CallResources>();
  private readonly live = new Map<number, { type: string; resource: { hasRef?: () => boolean } }>();
  private readonly hook = createHook({
    init: (asyncId, type, _trigger, resource) => {
      if (type !== 'PROMISE' && this.context.getStore() === this) {
        this.live.set(asyncId, { type, resource: resource as { hasRef?: () => boolean } });
      }
    },
    destroy: (asyncId) => void this.live.delete(asyncId),
  });

  /** Runs `start` (which begins the call) in the tracked context; tracking stays on until `stop`. */
  track<T>(start: () => T): T {
    this.hook.enable();
    return this.context.run(this, start);
  }

  /** Alive and ref'd resources the call created, by type. */
  held(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { type, resource } of this.live.values()) {
      // Timers and handles have `hasRef`; other async resources keep nothing alive.
      if (typeof resource.hasRef !== 'function' || !resource.hasRef()) continue;
      counts[type] = (counts[type] ?? 0) + 1;
    }
    return counts;
  }

  stop(): void {
    this.hook.disable();
  }
}

/** How many of each kind of active resource (ref'd handles, requests, timers) this process holds. */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** The kinds of which there are more now than in `baseline`, with how many more. */
export function extraResources(baseline: Record<string, number>): Record<string, number> {
  const extra: Record<string, number> = {};
  for (const [kind, count] of Object.entries(activeResources())) {
    if (count > (baseline[kind] ?? 0)) extra[kind] = count - (baseline[kind] ?? 0);
  }
  return extra;
}

/**
 * The active resources once vitest's own short-lived timers are gone: at a test's start it holds
 * a 100 ms throttle timer for its task updates, and one timer per RPC call in flight.
 */
export async function quietResources(): Promise<Record<string, number>> {
  await pause(150);
  return activeResources();
}

/**
 * Whether `promise` settles within `ms`, and how; its own timer is cleared either way, so it
 * never counts as a leak.
 */
export async function settledWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<{ settled: boolean; error?: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<{ settled: false }>((resolve) => {
    timer = setTimeout(() => resolve({ settled: false }), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => ({ settled: true }),
        (error: unknown) => ({ settled: true, error }),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 10 ms until it holds; throws after `withinMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  withinMs = 5_000,
): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > withinMs) throw new Error('until: condition never held');
    await pause(10);
  }
}

/**
 * Every TCP socket this process opens as a client (undici's pool for fetch, node:http's agent for
 * `fromPath`), through the `net.client.socket` diagnostics channel: `open()` counts those not yet
 * closed, in use or idle in a keep-alive pool.
 */
export function trackClientSockets(): { open(): number; opened(): number; stop(): void } {
  const live = new Set<Socket>();
  let opened = 0;
  const onSocket = (message: unknown) => {
    const { socket } = message as { socket: Socket };
    opened++;
    live.add(socket);
    socket.once('close', () => live.delete(socket));
  };
  diagnostics.subscribe('net.client.socket', onSocket);
  return {
    open: () => live.size,
    opened: () => opened,
    stop: () => diagnostics.unsubscribe('net.client.socket', onSocket),
  };
}

export interface HeapRun {
  /** heapUsed after forced GC at call 1,000, and after the last call. */
  at1k: number;
  atEnd: number;
  /** Least-squares growth over samples every 1,000 calls. */
  bytesPerCall: number;
  /** The calls' own time, sampling left out. */
  ms: number;
}

/** Runs leaks-memory.ts in a child (`--expose-gc`) against `url`; resolves with its figures. */
export function runMemoryChild(
  url: string,
  token: string,
  calls: number,
  signal?: AbortSignal,
): Promise<{ calls: number; plain: HeapRun; withSignal: HeapRun }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        '--expose-gc',
        '--no-flush-bytecode',
        ...TSX,
        here('./leaks-memory.ts'),
        url,
        token,
        String(calls),
      ],
      // No time limit of its own (it once killed the child at 170 s on a machine at a load of 5 to
      // 7, failing a run whose memory was fine): the test's hang guard ends it through `signal`.
      { signal, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (error) return reject(error);
        const line = stdout.trim().split('\n').at(-1) ?? '';
        resolve(JSON.parse(line));
      },
    );
  });
}
