import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** The commands of the README's ```sh blocks, in reading order, with `&&` chains split. */
export function readmeCommands(readme: string): string[] {
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => line.split(/\s+&&\s+/));
}

/**
 * A fresh clone, as far as the README's commands can tell: the repository's files (tracked, or
 * new and not ignored; no dist/, no docs/api/) in a temp dir, with node_modules linked to the
 * repository's own, which `npm ci` installed once for the whole suite.
 */
export function scratchClone(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seatpay-readme-'));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(repoRoot, file), join(dir, file));
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

export interface Outcome {
  code: number | null;
  output: string;
}

/** A server command: once its output matches `ready`, `check` runs, then the server gets SIGTERM. */
export interface ServerCheck {
  ready: RegExp;
  check(output: string): Promise<void>;
}

/** Runs one command with a shell in `cwd` (in its own process group) and collects its output. */
export function runShell(
  command: string,
  cwd: string,
  timeoutMs: number,
  server?: ServerCheck,
): Promise<Outcome> {
  const child = spawn('sh', ['-c', command], { cwd, env: readmeEnvironment(), detached: true });
  let output = '';
  let checking = false;
  const stopGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  return new Promise((done) => {
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      stopGroup('SIGKILL');
    }, timeoutMs);
    const read = (data: Buffer) => {
      output += data.toString();
      if (!server || checking || !server.ready.test(output)) return;
      checking = true;
      void server
        .check(output)
        .catch((error: unknown) => (output += `\n[check failed: ${String(error)}]`))
        .finally(() => stopGroup('SIGTERM'));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** The test's environment without SEATPAY_ variables, so examples start their own simulator. */
function readmeEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SEATPAY_')),
  );
}

/** Relative links of the generated HTML pages that point at no file, and links to `http://x.md`. */
export function brokenLinks(docsDir: string, pages: string[]): string[] {
  const broken: string[] = [];
  for (const page of pages) {
    const html = readFileSync(join(docsDir, page), 'utf8');
    for (const [, href] of html.matchAll(/href="([^"#]+)[^"]*"/g)) {
      if (/^https?:\/\/[^/]+\.md\/?$/i.test(href!))
        broken.push(`${page}: ${href} (a file name read as a domain)`);
      if (/^[a-z]+:/i.test(href!)) continue;
      const target = join(docsDir, dirname(page), decodeURIComponent(href!));
      try {
        readFileSync(target);
      } catch {
        broken.push(`${page}: ${href}`);
      }
    }
  }
  return broken;
}
