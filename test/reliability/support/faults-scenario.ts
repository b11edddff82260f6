import { SeatpayError, type SeatpayClient } from '../../../src/index.js';
import { recordingLogger, seeded } from './faults-figures.js';
import { trackUnhandled } from './track-unhandled.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** What one call must end in, as the policy (README "Retries", "Errors") says. */
export type Outcome = { attempts: number; retryWaitMs?: number } & (
  | { ok: true }
  | {
      error: ErrorClass;
      mayHaveBeenProcessed?: boolean;
      status?: number;
      message?: RegExp;
      /** A path the error's `issues` must name (ResponseValidationError). */
      issuePath?: string;
    }
);

/** The clients a scenario can call through: the simulator itself, the fault proxy, a closed port. */
export interface Clients {
  direct: SeatpayClient;
  proxied: SeatpayClient;
  refused: SeatpayClient;
}

export interface Scenario {
  name: string;
  calls: number;
  /** Arms the faults for the next call (or none) from the seeded generator; says how it must end. */
  arm: (rng: ReturnType<typeof seeded>) => Outcome & { faulted: boolean };
  /** The call, through the client the armed fault needs. */
  call: (clients: Clients) => Promise<unknown>;
  /** Whether a success carries what the simulator holds. */
  correct: (result: unknown) => boolean;
}

export interface Figures {
  scenario: string;
  calls: number;
  faulted: number;
  attempts: number;
  ok: number;
  typed: number;
  errorClasses: string;
  wrong: number;
  unhandled: number;
  /** How each wrong call went wrong, for the assertion message. */
  wrongDetails: string[];
  /** The counts the policy predicts, to compare with `ok` and `typed`. */
  expectedOk: number;
  expectedTyped: number;
}

/**
 * Runs `scenario.calls` calls one after another (so a seeded fault always hits the call it was
 * armed for), and counts how each ended against the outcome the policy predicts. A call is
 * wrong when it succeeds with other data than the simulator holds, ends in another error than
 * predicted, or takes another number of attempts (read from the client's info log lines).
 */
export async function runScenario(
  scenario: Scenario,
  seed: number,
  makeClients: (logger: ReturnType<typeof recordingLogger>) => Clients,
  afterCall: () => void,
): Promise<Figures> {
  const rng = seeded(seed);
  const logger = recordingLogger();
  const clients = makeClients(logger);
  const unhandled = trackUnhandled();
  const figures: Figures = {
    scenario: scenario.name,
    calls: 0,
    faulted: 0,
    attempts: 0,
    ok: 0,
    typed: 0,
    errorClasses: '',
    wrong: 0,
    unhandled: 0,
    wrongDetails: [],
    expectedOk: 0,
    expectedTyped: 0,
  };
  const classes = new Map<string, number>();
  try {
    for (let i = 0; i < scenario.calls; i++) {
      logger.reset();
      const outcome = scenario.arm(rng);
      if (outcome.faulted) figures.faulted++;
      if ('ok' in outcome) figures.expectedOk++;
      else figures.expectedTyped++;
      figures.calls++;
      let problem: string | undefined;
      try {
        const result = await scenario.call(clients);
        if (!('ok' in outcome)) problem = `succeeded, expected ${outcome.error.name}`;
        else if (!scenario.correct(result)) problem = `wrong data: ${JSON.stringify(result)}`;
        else figures.ok++;
      } catch (error) {
        problem = 'ok' in outcome ? `failed: ${describe(error)}` : mismatch(error, outcome);
        if (!problem) {
          figures.typed++;
          const name = (error as Error).name;
          classes.set(name, (classes.get(name) ?? 0) + 1);
        }
      } finally {
        afterCall();
      }
      const attempts = logger.lines.filter((line) => line.startsWith('[seatpay] →')).length;
      figures.attempts += attempts;
      problem ??= attemptsProblem(outcome, attempts, logger.lines);
      if (problem) {
        figures.wrong++;
        figures.wrongDetails.push(`call ${i}: ${problem}`);
      }
    }
    // A rejection nobody handled surfaces a tick later.
    await new Promise((resolve) => setImmediate(resolve));
    figures.unhandled = unhandled.count();
  } finally {
    unhandled.stop();
  }
  figures.errorClasses = [...classes].map(([name, n]) => `${name} ${n}`).join(', ') || '-';
  return figures;
}

function mismatch(error: unknown, outcome: Exclude<Outcome, { ok: true }>): string | undefined {
  if (!(error instanceof SeatpayError)) return `untyped ${describe(error)}`;
  // The exact class: a TimeoutError where a plain ConnectionError is due is wrong too.
  if (error.constructor !== outcome.error)
    return `${describe(error)}, expected ${outcome.error.name}`;
  const seen = error as SeatpayError & {
    mayHaveBeenProcessed?: boolean;
    status?: number;
    issues?: { path: (string | number)[] }[];
  };
  if (
    outcome.mayHaveBeenProcessed !== undefined &&
    seen.mayHaveBeenProcessed !== outcome.mayHaveBeenProcessed
  )
    return `${describe(error)} with mayHaveBeenProcessed ${String(seen.mayHaveBeenProcessed)}`;
  if (outcome.status !== undefined && seen.status !== outcome.status)
    return `${describe(error)}, expected status ${outcome.status}`;
  if (outcome.message && !outcome.message.test(error.message))
    return `message "${error.message}" does not match ${String(outcome.message)}`;
  if (
    outcome.issuePath !== undefined &&
    !seen.issues?.some((issue) => issue.path.join('.') === outcome.issuePath)
  )
    return `issues ${JSON.stringify(seen.issues)} do not name "${outcome.issuePath}"`;
  return undefined;
}

function attemptsProblem(outcome: Outcome, attempts: number, lines: string[]): string | undefined {
  if (attempts !== outcome.attempts) return `${attempts} attempts, expected ${outcome.attempts}`;
  if (outcome.retryWaitMs === undefined) return undefined;
  const waits = lines.filter((line) => / retry \d+ in \d+ ms$/.test(line));
  const honoured = waits.every((line) => line.endsWith(` in ${outcome.retryWaitMs} ms`));
  return waits.length === attempts - 1 && honoured
    ? undefined
    : `retry waits ${JSON.stringify(waits.map((line) => line.replace(/^.* retry /, 'retry ')))}, expected ${outcome.retryWaitMs} ms each`;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The figures as table cells: scenario | calls | faulted | attempts | ok | typed | classes | wrong | unhandled. */
export const FIGURES_HEADER = [
  'scenario',
  'calls',
  'faulted',
  'attempts',
  'ok',
  'typed errors',
  'error classes',
  'wrong',
  'unhandled',
];

export const figuresRow = (f: Figures): (string | number)[] => [
  f.scenario,
  f.calls,
  f.faulted,
  f.attempts,
  f.ok,
  f.typed,
  f.errorClasses,
  f.wrong,
  f.unhandled,
];
