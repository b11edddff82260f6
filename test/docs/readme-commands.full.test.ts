import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenLinks,
  readmeCommands,
  repoRoot,
  runShell,
  scratchClone,
  type Outcome,
  type ServerCheck,
} from './support/readme-commands.js';

// The README read top to bottom, every command of its ```sh blocks run in that order in a scratch
// copy of the repository (node_modules linked, nothing built): what a newcomer types on a fresh
// clone. Three are not re-run: `npm install seatpay` (a user's install, which the packed-package
// suite plays with the tarball), `npm ci` (the suite runs on its install) and `npm test` (this is it).
// A server command (`npx seatpay-mock ...`) runs on port 0, is asked for its state once it
// listens, then stopped.

const COMMAND_TIMEOUT_MS = 300_000;
const NOT_RERUN = new Map([
  ['npm install seatpay', 'the user’s install: the packed-package suite installs the tarball'],
  ['npm ci', 'node_modules is the suite’s own install, linked'],
  ['npm test', 'this test is part of it'],
]);

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const commands = readmeCommands(readme);
let scratch: string;
/** Each command that ran: its outcome, and whether dist/ existed before it. */
const ran = new Map<string, Outcome & { builtBefore: boolean }>();

/** `seatpay-mock` without --help or --version serves until stopped. */
function serverCheck(command: string): ServerCheck | undefined {
  if (!/\bseatpay-mock\b/.test(command) || /(^|\s)(-h|--help|-v|--version)(\s|$)/.test(command))
    return undefined;
  return {
    ready: /Press Ctrl\+C to stop\./,
    check: async (output) => {
      const url = /listening on (\S+)/.exec(output)![1]!;
      const token = /owner\s+\S+\s+token (\S+)/.exec(output)![1]!;
      const state = await fetch(`${url}/__mock/state`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (state.status !== 200) throw new Error(`GET /__mock/state answered ${state.status}`);
    },
  };
}

beforeAll(async () => {
  scratch = scratchClone();
  for (const command of commands) {
    if (NOT_RERUN.has(command) || ran.has(command)) continue;
    const server = serverCheck(command);
    const line = server ? command.replace(/--port\s+\d+/, '--port 0') : command;
    const builtBefore = existsSync(join(scratch, 'dist'));
    const started = performance.now();
    ran.set(command, {
      ...(await runShell(line, scratch, COMMAND_TIMEOUT_MS, server)),
      builtBefore,
    });
    console.log(`README: ${command} (${Math.round(performance.now() - started)} ms)`);
  }
}, 30 * 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the README, every shell command in order on a fresh clone', () => {
  it('has the commands a newcomer needs, in a newcomer’s order', () => {
    const order = (wanted: string) => commands.findIndex((command) => command.startsWith(wanted));
    for (const wanted of [
      'npm ci',
      'npm test',
      'npm run demo',
      'npm run example -- ',
      'npx seatpay-mock',
      'npm run typecheck',
      'npm run docs',
      'npm pack',
    ])
      expect(order(wanted), wanted).toBeGreaterThanOrEqual(0);
    expect(order('npm run typecheck')).toBeLessThan(order('npm pack'));
    expect(order('npm run docs')).toBeLessThan(order('npm pack'));
  });

  it.each(commands.filter((command) => !NOT_RERUN.has(command)))('%s', (command) => {
    const outcome = ran.get(command)!;
    if (serverCheck(command)) {
      expect(outcome.output).toContain('Press Ctrl+C to stop.');
      expect(outcome.output).not.toContain('[check failed');
    } else {
      expect(outcome.code, outcome.output).toBe(0);
    }
  });

  it('type-checks and documents before anything is built', () => {
    expect(ran.get('npm run typecheck')?.builtBefore).toBe(false);
    expect(ran.get('npm run docs')?.builtBefore).toBe(false);
  });

  it('npm pack builds first and ships dist/ and the seatpay-mock command', () => {
    const tarball = readdirSync(scratch).find((file) => file.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    const listing = execFileSync('tar', ['-tzf', join(scratch, tarball!)], { encoding: 'utf8' });
    for (const file of [
      'dist/index.js',
      'dist/index.cjs',
      'dist/mock.js',
      'dist/mock-cli.js',
      'bin/seatpay-mock.js',
    ])
      expect(listing).toContain(`package/${file}`);
  });

  it('the generated API reference has no broken link, and the files the README cites are there', () => {
    const docs = join(scratch, 'docs/api');
    const pages = readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.html'),
    );
    expect(pages.length).toBeGreaterThan(10);
    expect(brokenLinks(docs, pages)).toEqual([]);
    const cited = [...readme.matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g)].map((match) => match[1]!);
    expect(cited).toContain('SERVICE.md');
    expect(cited.filter((file) => !existsSync(join(scratch, file)))).toEqual([]);
  });
});
