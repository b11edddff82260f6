import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tscErrors } from '../../package/support/type-check.js';
import { documentationPages } from './pages.js';
import { repoRoot } from './readme-commands.js';

/** One ```ts block of a page: its code, the page and the line its first code line is on. */
export interface Snippet {
  /** 1-based, in reading order over every page. */
  index: number;
  /** `README.md` or `docs/<topic>.md`. */
  page: string;
  line: number;
  code: string;
  /** The file it is written to in the scratch project. */
  file: string;
  /** Marked `<!-- snippet: compile-only -->` on the line before its block (another runtime's code). */
  compileOnly: boolean;
}

const COMPILE_ONLY = '<!-- snippet: compile-only -->';

/** The ```ts blocks of every page, in reading order, page after page. */
export function documentationSnippets(pages = documentationPages()): Snippet[] {
  const snippets: Snippet[] = [];
  for (const page of pages) {
    const text = readFileSync(join(repoRoot, page), 'utf8');
    snippets.push(...pageSnippets(text, page, snippets.length));
  }
  return snippets;
}

/** The ```ts blocks of one page, numbered on from `before` snippets of the pages before it. */
export function pageSnippets(text: string, page: string, before = 0): Snippet[] {
  const snippets: Snippet[] = [];
  const stem = page.replace(/\.md$/, '').replace(/\W+/g, '-').toLowerCase();
  for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
    const above = text.slice(0, match.index).split('\n');
    const line = above.length + 1;
    const index = before + snippets.length + 1;
    const file = `${stem}-${String(snippets.length + 1).padStart(2, '0')}.mts`;
    const compileOnly = above.at(-2)?.trim() === COMPILE_ONLY;
    snippets.push({ index, page, line, code: match[1]!, file, compileOnly });
  }
  return snippets;
}

/**
 * The names the README's snippets take from the text around them ("the client from the quick
 * start", "your file input"). Compiled as globals beside every snippet, and given values before a
 * snippet runs: a client of the simulator (SEATPAY_BASE_URL, SEATPAY_TOKEN) and a team
 * subscription bought with it. The browser's elements exist only in the types: snippets that use
 * them are compiled, not run.
 */
const CONTEXT = `import {
  createClient,
  memoryJournal,
  type PurchaseJournal,
  type SeatpayClient,
  type Subscription,
} from 'seatpay';

declare global {
  var client: SeatpayClient;
  var subscription: Subscription;
  var subscriptionId: number;
  var baseUrl: string;
  var token: string;
  var traceId: string;
  var currentTraceParent: () => string;
  var metrics: { count(name: string): void };
  var fileInput: HTMLInputElement;
  var bar: HTMLProgressElement;
  var pauseButton: HTMLButtonElement;
  var resumeButton: HTMLButtonElement;
  var orderId: string;
  var journal: PurchaseJournal;
}

if (process.env.SEATPAY_BASE_URL) {
  globalThis.baseUrl = process.env.SEATPAY_BASE_URL;
  globalThis.token = process.env.SEATPAY_TOKEN!;
  globalThis.client = createClient();
  globalThis.traceId = 'trace-1';
  globalThis.currentTraceParent = () => '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
  globalThis.metrics = { count: () => undefined };
  globalThis.orderId = '1042';
  globalThis.journal = memoryJournal();
  const { subscription } = await globalThis.client.purchase({
    plan: 'team-per-seat',
    team_seats: 3,
    card: { card_number: '4242424242424242', cvc: '123' },
    chosen_period: 'MONTH',
  });
  globalThis.subscription = subscription;
  globalThis.subscriptionId = subscription.id;
}
`;

/**
 * Snippets that cannot run in Node: those of a browser page (its elements, localStorage) and those
 * marked compile-only (another runtime's code). They are compiled, never run.
 */
export function runsInNode(snippet: Snippet): boolean {
  const browserPage = /\b(fileInput|pauseButton|resumeButton|localStorage\w*)\b/.test(snippet.code);
  return !browserPage && !snippet.compileOnly;
}

/** The placeholder server of the README's snippets; pointed at the simulator when they run. */
export const PLACEHOLDER_URL = 'https://api.example.com';

/**
 * Writes every snippet as its own module into `scratchDir` (a project where the packed seatpay is
 * installed), each importing the context first. With `serverUrl`, the placeholder server's URL is
 * replaced by it (to run them); without, the files hold the README's text exactly (to compile).
 */
export async function writeSnippets(
  scratchDir: string,
  snippets: Snippet[],
  serverUrl?: string,
): Promise<void> {
  await writeFile(join(scratchDir, 'readme-context.mts'), CONTEXT);
  for (const snippet of snippets) {
    const code = serverUrl ? snippet.code.replaceAll(PLACEHOLDER_URL, serverUrl) : snippet.code;
    await writeFile(join(scratchDir, snippet.file), `import './readme-context.mjs';\n${code}`);
  }
}

/** msw (an optional peer the simulator snippet imports) and Node's types, from the repository. */
export async function linkDevModules(scratchDir: string): Promise<void> {
  await mkdir(join(scratchDir, 'node_modules', '@types'), { recursive: true });
  for (const name of ['msw', '@types/node']) {
    await symlink(join(repoRoot, 'node_modules', name), join(scratchDir, 'node_modules', name));
  }
}

/**
 * Compiles the snippets together under the strictest options users turn on, against the installed
 * package. Resolves with tsc's error lines, each pointed back at its README line.
 */
export async function compileErrors(scratchDir: string, snippets: Snippet[]): Promise<string[]> {
  const strictest = ['--strict', '--exactOptionalPropertyTypes', '--noUncheckedIndexedAccess'];
  const flags = [...strictest, '--types', 'node']; // scripts read process.env and process.argv
  const files = ['readme-context.mts', ...snippets.map((snippet) => snippet.file)];
  const lines = await tscErrors(scratchDir, flags, files);
  return lines.map((line) => pointAtPage(line, snippets));
}

/** `docs-uploads-03.mts(5,7): error ...` becomes `docs/uploads.md:97 (snippet 12): error ...`. */
function pointAtPage(line: string, snippets: Snippet[]): string {
  const match = /^([\w-]+-\d+\.mts)\((\d+),\d+\): (.*)$/.exec(line);
  const snippet = match && snippets.find((candidate) => candidate.file === match[1]);
  if (!snippet) return line;
  // Line 1 of the file is the context import; line 2 is the snippet's first line.
  const pageLine = snippet.line + Number(match[2]) - 2;
  return `${snippet.page}:${pageLine} (snippet ${snippet.index}): ${match[3]}`;
}

export interface SnippetRun {
  code: number | null;
  output: string;
}

/** Runs one snippet with tsx in the scratch project, with `env` added, and collects its output. */
export function runSnippet(
  scratchDir: string,
  file: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<SnippetRun> {
  const tsx = join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, file, ...args], {
    cwd: scratchDir,
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((done) => {
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}
