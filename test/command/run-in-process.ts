import { main } from '../../src/command/main.js';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `seatpay <argv>` in this process, with its own streams and environment; with `terminal`,
 * its stderr is a terminal's (`isTTY`: progress bars are drawn).
 */
export async function runInProcess(
  argv: string[],
  env: Record<string, string | undefined> = {},
  { terminal = false }: { terminal?: boolean } = {},
): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const streams = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: terminal },
  };
  const code = await main(argv, { streams, env, signal: new AbortController().signal });
  return { code, stdout, stderr };
}
