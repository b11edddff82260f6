import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { serveCommand, type Serving } from '../mock/command-support.js';
import { packAndInstall, type PackedPackage } from '../package/support/pack-and-install.js';

// The `seatpay` command as users run it: the packed package's bin (test/package's packAndInstall),
// as a child process, against `seatpay-mock` as a real process on loopback.

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running `seatpay`: its output so far, and how it ended. */
export interface Running {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  /** Resolves once stdout or stderr holds a match. */
  waitFor(pattern: RegExp): Promise<void>;
  finished: Promise<Finished>;
}

/** The packed bin in a scratch project (`node_modules/.bin/seatpay`), run by this Node. */
export function binOf(scratchDir: string): string {
  return join(scratchDir, 'node_modules', '.bin', 'seatpay');
}

export function start(
  bin: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Running {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    // Only what the command is given: nothing leaks in from the test's own environment.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; done: () => void }[] = [];
  const check = () => {
    for (const waiter of waiters.splice(0))
      if (waiter.pattern.test(stdout) || waiter.pattern.test(stderr)) waiter.done();
      else waiters.push(waiter);
  };
  child.stdout!.on('data', (data: Buffer) => ((stdout += data.toString()), check()));
  child.stderr!.on('data', (data: Buffer) => ((stderr += data.toString()), check()));
  const finished = new Promise<Finished>((done) =>
    child.once('close', (code, signal) => done({ code, signal, stdout, stderr })),
  );
  return {
    child,
    output: () => ({ stdout, stderr }),
    waitFor: (pattern) =>
      new Promise<void>((done, fail) => {
        waiters.push({ pattern, done });
        check();
        void finished.then((end) =>
          fail(
            new Error(`seatpay ended (${end.code}) before ${pattern}:\n${end.stdout}${end.stderr}`),
          ),
        );
      }),
    finished,
  };
}

/** Runs `seatpay <args>` to its end. */
export function run(bin: string, args: string[], env: Record<string, string>, cwd: string) {
  return start(bin, args, env, cwd).finished;
}

/** A simulator on a free port, with subscriptions that appear at once and these fault flags. */
export function startMock(faults: string[] = []): Promise<Serving> {
  return serveCommand([
    '--port',
    '0',
    '--subscription-delay',
    '0',
    '--media-delay',
    '0',
    ...faults.flatMap((fault) => ['--fault', fault]),
  ]);
}

export interface MockState {
  subscriptions: { id: number; plan: string; team: { active_seats: string[] } | null }[];
  charges: { kind: string; amount: string; subscription?: number; service?: string }[];
  files: { filename: string; size: number; status: string }[];
}

/** `GET /__mock/state`, as the owner sees it. */
export async function mockState(mock: Serving): Promise<MockState> {
  const response = await fetch(`${mock.url}/__mock/state`, {
    headers: { Authorization: `Bearer ${mock.ownerToken}` },
  });
  return (await response.json()) as MockState;
}

/** The environment that points the command at a simulator, as its owner. */
export const envOf = (mock: Serving): Record<string, string> => ({
  SEATPAY_BASE_URL: mock.url,
  SEATPAY_TOKEN: mock.ownerToken,
});

/** The card the full suites pay with, as `card.json` in their working folder. */
export const CARD = { card_number: '4242424242424242', cvc: '987' };

/** The `seatpay checkout` arguments of one keyed order: `howMany` units of `service` (AI credits). */
export function checkoutArgs(order: {
  service?: string;
  howMany: number;
  subscription: number | string;
  key: string;
  journal: string;
}): string[] {
  const { service = 'ai-credits', howMany, subscription, key, journal } = order;
  return [
    'checkout',
    '--service',
    service,
    '--how-many',
    String(howMany),
    '--subscription',
    String(subscription),
    '--key',
    key,
    '--journal',
    journal,
  ];
}

/** `--json` output: one object per line. */
export const jsonLines = <Line = Record<string, unknown>>(text: string): Line[] =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

/** The simulator's charges of one kind (`payment`, `consumable-checkout`), in order. */
export const chargesOf = async (mock: Serving, kind: string) =>
  (await mockState(mock)).charges.filter((charge) => charge.kind === kind);

/** What a full suite of the command works with; each part exists once its beforeAll has run. */
export interface PackedCommand {
  /** The packed package, installed in a scratch project. */
  readonly pkg: PackedPackage;
  /** A scratch folder the runs work in, holding `card.json`. */
  readonly dir: string;
  /** `join(dir, name)`. */
  inDir(name: string): string;
  /** `seatpay <args>` in `dir`, run to its end with only this environment. */
  seatpay(args: string[], env: Record<string, string>): Promise<Finished>;
  /** `seatpay <args>` in `dir`, still running. */
  start(args: string[], env: Record<string, string>): Running;
  /** A simulator with these fault flags (startMock), stopped after the file. */
  mockWith(faults?: string[]): Promise<Serving>;
  /** Closes this after the file (a proxy in front of a simulator, say). */
  closeAfter(closing: { close(): Promise<unknown> }): void;
  /** The arguments of a purchase of the team-per-seat plan, paid by `card.json` (last). */
  teamPurchase(journal: string, options?: TeamPurchase): string[];
  /** Runs `teamPurchase` with `--json` against the simulator, as its owner: the subscription id. */
  buyTeam(mock: Serving, journal: string, options?: TeamPurchase): Promise<number>;
}

export interface TeamPurchase {
  /** The purchase's key in the journal; `team` unless given. */
  key?: string;
  /** 2 unless given. */
  seats?: number;
  /** `--card-file card.json`, unless false (the card then comes from SEATPAY_CARD). */
  cardFile?: boolean;
}

/**
 * Sets up a full suite of the command: before the file, packs and installs the package and makes
 * the working folder (and runs `alongside`, a server the suite needs, at the same time); after it,
 * stops every simulator and proxy the tests started and removes both folders.
 */
export function packedCommand(
  options: { card?: Record<string, string>; alongside?: () => Promise<unknown> } = {},
): PackedCommand {
  let pkg: PackedPackage | undefined;
  let dir: string | undefined;
  const closing: (() => Promise<unknown>)[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is made in beforeAll: use it in a test`);
    return value;
  };

  beforeAll(async () => {
    // Each is kept as soon as it is up, so afterAll stops whatever started even when another
    // failed (a Promise.all that rejected left servers running after the suite).
    await Promise.all([
      packAndInstall().then((packed) => (pkg = packed)),
      mkdtemp(join(tmpdir(), 'seatpay-command-')).then((made) => (dir = made)),
      options.alongside?.(),
    ]);
    await writeFile(join(dir!, 'card.json'), JSON.stringify(options.card ?? CARD));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(closing.map((close) => close()));
    if (pkg) await rm(pkg.scratchDir, { recursive: true, force: true });
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const command: PackedCommand = {
    get pkg() {
      return ready(pkg, 'the packed package');
    },
    get dir() {
      return ready(dir, 'the working folder');
    },
    inDir: (name) => join(command.dir, name),
    seatpay: (args, env) => run(binOf(command.pkg.scratchDir), args, env, command.dir),
    start: (args, env) => start(binOf(command.pkg.scratchDir), args, env, command.dir),
    async mockWith(faults = []) {
      const mock = await startMock(faults);
      closing.push(() => mock.stop());
      return mock;
    },
    closeAfter: (closable) => void closing.push(() => closable.close()),
    teamPurchase: (journal, { key = 'team', seats = 2, cardFile = true } = {}) => [
      'purchase',
      '--plan',
      'team-per-seat',
      '--seats',
      String(seats),
      '--period',
      'MONTH',
      '--key',
      key,
      '--journal',
      journal,
      ...(cardFile ? ['--card-file', command.inDir('card.json')] : []),
    ],
    async buyTeam(mock, journal, options) {
      const args = [...command.teamPurchase(journal, options), '--json'];
      const bought = await command.seatpay(args, envOf(mock));
      expect(bought.code, bought.stderr).toBe(0);
      return (JSON.parse(bought.stdout) as { subscription: { id: number } }).subscription.id;
    },
  };
  return command;
}
