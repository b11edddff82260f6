import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './readme-commands.js';
import type { SnippetRun } from './readme-snippets.js';

/**
 * Runs one snippet with tsx as a terminal runs it, in a process group of its own, and presses
 * Ctrl-C once `ready` resolves: SIGINT to the whole group (tsx and the script), as the terminal
 * sends it to the foreground job. Resolves with the exit code and everything it printed.
 */
export function runAndInterrupt(
  scratchDir: string,
  file: string,
  args: string[],
  env: Record<string, string>,
  ready: Promise<void>,
  timeoutMs: number,
): Promise<SnippetRun> {
  const tsx = join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, file, ...args], {
    cwd: scratchDir,
    env: { ...process.env, ...env },
    detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  let output = '';
  return new Promise((done) => {
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      signalGroup('SIGKILL');
    }, timeoutMs);
    void ready.then(() => signalGroup('SIGINT'));
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}
