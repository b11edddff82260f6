import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';

export interface RunningMockCommand {
  url: string;
  ownerToken: string;
  /** The Node version the command's shebang picked. */
  runtime: string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `seatpay-mock --port 0` through the bin link npm made in the scratch project, with the
 * given Node first on PATH, and resolves once it printed its URL and tokens. Rejects with its
 * output if it exits or stays silent instead. `reportRuntime` is preloaded to print the version.
 */
export function startMockCommand(
  nodeBinary: string,
  scratchDir: string,
  reportRuntime: string,
): Promise<RunningMockCommand> {
  const child = spawn(join(scratchDir, 'node_modules', '.bin', 'seatpay-mock'), ['--port', '0'], {
    cwd: scratchDir,
    env: {
      ...process.env,
      PATH: `${dirname(nodeBinary)}:${process.env.PATH ?? ''}`,
      NODE_OPTIONS: `--require ${JSON.stringify(reportRuntime)}`,
    },
  });
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };

  return new Promise((ready, fail) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const failWith = (why: string) =>
      settle(() => {
        child.kill('SIGKILL');
        fail(new Error(`seatpay-mock ${why}:\n${stderr}${stdout}`));
      });
    const check = () => {
      const url = /listening on (\S+)/.exec(stdout)?.[1];
      const ownerToken = /owner\s+\S+\s+token (\S+)/.exec(stdout)?.[1];
      const runtime = /runtime (\S+)/.exec(stderr)?.[1];
      if (url && ownerToken && runtime) settle(() => ready({ url, ownerToken, runtime, stop }));
    };
    child.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
      check();
    });
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
      check();
    });
    // A hang guard, not a budget: at a load of 25 it took over 10 s to print its banner.
    const timer = setTimeout(() => failWith('printed no URL and tokens within 120 s'), 120_000);
    void exited.then((code) => failWith(`exited with ${code}`));
  });
}
