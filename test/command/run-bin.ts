import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The repository's bin (bin/seatpay.js) run to its end as a child process; `input`, when given,
 * is piped to its stdin.
 */
export function runBin(args: string[], env: Record<string, string>, input?: string) {
  const bin = fileURLToPath(new URL('../../bin/seatpay.js', import.meta.url));
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  if (input !== undefined) child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('close', (code) => done({ code, stdout, stderr })),
  );
}
