import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What a purchase child process printed, and how it ended. */
export interface ChildRun {
  lines: string[];
  /** The parsed `result` line, when it printed one. */
  result?: { subscription: number; bag: number };
  /** The parsed `error` line (a PurchaseError's JSON), when it printed one. */
  error?: Record<string, unknown>;
  signal: NodeJS.Signals | null;
}

/**
 * Runs the bundled purchase child; `killAt` decides, line by line, when to SIGKILL it: true kills
 * it at once; or it keeps `killNow` and calls it on a later event (a request reaching the
 * simulator). Killing is the child's only ending besides its own.
 */
export function runPurchaseChild(
  script: string,
  args: string[],
  killAt: (line: string, killNow: () => void) => boolean = () => false,
): Promise<ChildRun> {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const run: ChildRun = { lines: [], signal: null };
  let killing = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    run.lines.push(line);
    if (line.startsWith('result ')) run.result = JSON.parse(line.slice(7)) as ChildRun['result'];
    if (line.startsWith('error ')) run.error = JSON.parse(line.slice(6)) as ChildRun['error'];
    if (!killing && killAt(line, () => kill(child))) {
      killing = true;
      kill(child);
    }
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (_code, signal) => resolve({ ...run, signal }));
  });
}

function kill(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
