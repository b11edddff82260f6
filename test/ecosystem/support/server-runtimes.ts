import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBinary } from '../../package/support/node-runtimes.js';
import { devBinary } from './consumer-project.js';

/** Longest a runtime may take for one script: the flow takes 1 to 3 s on an idle machine. */
export const RUN_TIMEOUT_MS = 60_000;

/** How to start a script in one runtime: the binary and the arguments before the script. */
export interface ServerRuntime {
  name: string;
  command(): Promise<{ binary: string; args: (script: string, grants: Grants) => string[] }>;
}

/** What a script needs beyond the network: Deno is granted only these. */
export interface Grants {
  readWrite?: string;
}

export const SERVER_RUNTIMES: ServerRuntime[] = [
  { name: 'Node 24', command: async () => ({ binary: process.execPath, args: (s) => [s] }) },
  { name: 'Node 22', command: async () => ({ binary: await nodeBinary(22), args: (s) => [s] }) },
  { name: 'Bun', command: async () => ({ binary: devBinary('bun'), args: (s) => ['run', s] }) },
  {
    name: 'Deno',
    command: async () => ({
      binary: devBinary('deno'),
      // Loopback network only; a file grant only for the script that reads and writes files.
      args: (script, grants) => [
        'run',
        '--no-prompt',
        '--no-lock',
        '--allow-net=127.0.0.1',
        ...(grants.readWrite
          ? [`--allow-read=${grants.readWrite}`, `--allow-write=${grants.readWrite}`]
          : []),
        script,
      ],
    }),
  },
];

/**
 * Runs a consumer script of `dir` in `runtime` with `config` as its last argument, and resolves
 * with the JSON line it printed; rejects with its output when it fails or runs out of time.
 */
export async function runInRuntime(
  runtime: ServerRuntime,
  dir: string,
  script: string,
  config: object,
  grants: Grants = {},
): Promise<unknown> {
  const { binary, args } = await runtime.command();
  // Deno and Bun keep caches under HOME: a scratch one keeps the user's untouched.
  const home = await mkdtemp(join(tmpdir(), 'seatpay-runtime-home-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    DENO_DIR: join(home, 'deno'),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
  return new Promise((done, fail) => {
    execFile(
      binary,
      [...args(script, grants), JSON.stringify(config)],
      { cwd: dir, env, timeout: RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').at(-1) ?? '';
        if (error)
          return fail(
            new Error(`${runtime.name} ${script} failed (${error.message}):\n${stderr}${stdout}`),
          );
        try {
          done(JSON.parse(line));
        } catch {
          fail(new Error(`${runtime.name} ${script} printed no JSON:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}
