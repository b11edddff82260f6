import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { serveCommand, type Serving } from '../mock/command-support.js';

// The `seatpay` command as users run it: the packed package's bin (test/package's packAndInstall),
// as a child process, against `seatpay-mock` as a real process on loopback.

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running `seatpay`: its output so far, and how it ended. */
export interface Running {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  /** Resolves once stdout or stderr holds a match. */
  waitFor(pattern: RegExp): Promise<void>;
  finished: Promise<Finished>;
}

/** The packed bin in a scratch project (`node_modules/.bin/seatpay`), run by this Node. */
export function binOf(scratchDir: string): string {
  return join(scratchDir, 'node_modules', '.bin', 'seatpay');
}

export function start(
  bin: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Running {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    // Only what the command is given: nothing leaks in from the test's own environment.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; done: () => void }[] = [];
  const check = () => {
    for (const waiter of waiters.splice(0))
      if (waiter.pattern.test(stdout) || waiter.pattern.test(stderr)) waiter.done();
      else waiters.push(waiter);
  };
  child.stdout!.on('data', (data: Buffer) => ((stdout += data.toString()), check()));
  child.stderr!.on('data', (data: Buffer) => ((stderr += data.toString()), check()));
  const finished = new Promise<Finished>((done) =>
    child.once('close', (code, signal) => done({ code, signal, stdout, stderr })),
  );
  return {
    child,
    output: () => ({ stdout, stderr }),
    waitFor: (pattern) =>
      new Promise<void>((done, fail) => {
        waiters.push({ pattern, done });
        check();
        void finished.then((end) =>
          fail(
            new Error(`seatpay ended (${end.code}) before ${pattern}:\n${end.stdout}${end.stderr}`),
          ),
        );
      }),
    finished,
  };
}

/** Runs `seatpay <args>` to its end. */
export function run(bin: string, args: string[], env: Record<string, string>, cwd: string) {
  return start(bin, args, env, cwd).finished;
}

/** A simulator on a free port, with subscriptions that appear at once and these fault flags. */
export function startMock(faults: string[] = []): Promise<Serving> {
  return serveCommand([
    '--port',
    '0',
    '--subscription-delay',
    '0',
    '--media-delay',
    '0',
    ...faults.flatMap((fault) => ['--fault', fault]),
  ]);
}

export interface MockState {
  subscriptions: { id: number; plan: string; team: { active_seats: string[] } | null }[];
  charges: { kind: string; amount: string; subscription?: number; service?: string }[];
  files: { filename: string; size: number; status: string }[];
}

/** `GET /__mock/state`, as the owner sees it. */
export async function mockState(mock: Serving): Promise<MockState> {
  const response = await fetch(`${mock.url}/__mock/state`, {
    headers: { Authorization: `Bearer ${mock.ownerToken}` },
  });
  return (await response.json()) as MockState;
}

/** The environment that points the command at a simulator, as its owner. */
export const envOf = (mock: Serving): Record<string, string> => ({
  SEATPAY_BASE_URL: mock.url,
  SEATPAY_TOKEN: mock.ownerToken,
});
