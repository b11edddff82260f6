import { execFile } from 'node:child_process';

export interface ScriptRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a script of the scratch project with the given Node binary. Asynchronous, so the loopback
 * server in this process can answer it, and it resolves even when the script fails.
 */
export function runScript(
  nodeBinary: string,
  scratchDir: string,
  script: string,
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  return new Promise((done) => {
    execFile(
      nodeBinary,
      [script],
      { cwd: scratchDir, env: { ...process.env, ...env }, timeout: 15_000 },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ exitCode, stdout: stdout.trim(), stderr: stderr.trim() });
      },
    );
  });
}

/** The one JSON line a smoke script prints; a failed run throws with its stderr, for the report. */
export function printedJson(run: ScriptRun): unknown {
  if (run.exitCode !== 0) {
    throw new Error(`the script exited with ${run.exitCode}:\n${run.stderr || run.stdout}`);
  }
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`the script printed no JSON:\n${run.stdout}\n${run.stderr}`);
  }
}
