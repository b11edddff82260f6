import { main } from '../../src/command/main.js';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `seatpay <argv>` in this process, with its own streams and environment. */
export async function runInProcess(
  argv: string[],
  env: Record<string, string | undefined> = {},
): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const streams = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
  };
  const code = await main(argv, { streams, env, signal: new AbortController().signal });
  return { code, stdout, stderr };
}
