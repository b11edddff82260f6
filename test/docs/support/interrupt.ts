import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './readme-commands.js';
import type { SnippetRun } from './readme-snippets.js';

/**
 * Runs one snippet as a terminal runs a script, in a process group of its own, and presses Ctrl-C
 * once `ready` resolves: SIGINT to the whole group, as the terminal sends it to the foreground job.
 * Resolves with the exit code and everything it printed. One process (node with tsx's loader), not
 * tsx's command: that relays a Ctrl-C to its child and, when the child has not answered within
 * 60 ms (a loaded machine), kills it and exits 130 itself, the script's own lines never printed.
 */
export function runAndInterrupt(
  scratchDir: string,
  file: string,
  args: string[],
  env: Record<string, string>,
  ready: Promise<void>,
  timeoutMs: number,
): Promise<SnippetRun> {
  const tsx = pathToFileURL(join(repoRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', tsx, file, ...args], {
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
