import { execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The real command, as `npx seatpay-mock` runs it from a clone (the source, through tsx). */
export const BIN = resolve(import.meta.dirname, '../../bin/seatpay-mock.js');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `seatpay-mock <args>` to its end (for the flags that do not serve). No time limit of its
 * own: the bin compiles its sources through tsx, which took over 30 s on a loaded 2-core machine
 * (a 30 s kill failed a healthy run); a hang is the test timeout's to catch, and
 * test/setup/leftover-processes.ts ends the child.
 */
export function runCommand(args: string[]): Promise<Finished> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

export interface Serving {
  url: string;
  ownerToken: string;
  memberToken: string;
  banner: string;
  /** What it wrote on stderr by the time its banner was out. */
  stderr: string;
  /** Sends SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `seatpay-mock <args>` and resolves once its banner is out; rejects with its output. */
export function serveCommand(args: string[]): Promise<Serving> {
  const child = spawn(process.execPath, [BIN, ...args]);
  const exited = new Promise<number | null>((done) => child.once('close', done));
  let output = '';
  let stderr = '';
  // No time limit of its own either (see runCommand): the hook or test timeout catches a hang.
  return new Promise((ready, fail) => {
    void exited.then((code) => fail(new Error(`seatpay-mock exited with ${code}:\n${output}`)));
    const read = (data: Buffer) => {
      output += data.toString();
      if (!output.includes('Press Ctrl+C to stop.')) return;
      ready({
        url: /listening on (\S+)/.exec(output)![1]!,
        ownerToken: /owner\s+\S+\s+token (\S+)/.exec(output)![1]!,
        memberToken: /member\s+\S+\s+token (\S+)/.exec(output)![1]!,
        banner: output,
        stderr,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
      read(data);
    });
  });
}
