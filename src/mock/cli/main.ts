import { VERSION } from '../../version.js';
import { startMockServer, type MockServer } from '../adapters/node-server.js';
import { createSimulator, type Simulator } from '../simulator.js';
import { isLoopback, parseCommandLine, type ServeSettings } from './arguments.js';
import { CommandLineError } from './command-line-error.js';
import { HELP } from './help.js';

// `seatpay-mock` (bin/seatpay-mock.js runs `main`): the simulator for people and scripts. Every
// mistake it can foresee is one line on stderr, never a stack.

/** Where the command writes: the console, or a test's recorder. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const CONSOLE: CommandOutput = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** The simulator with its injected faults; a bad token or fault route is the user's mistake. */
function prepareSimulator(settings: ServeSettings): Simulator {
  let simulator: Simulator | undefined;
  try {
    simulator = createSimulator(settings.simulator);
    for (const fault of settings.faults) simulator.faults.inject(fault);
    return simulator;
  } catch (error) {
    simulator?.close();
    if (error instanceof TypeError)
      throw new CommandLineError(error.message.replace(/^[\w.]+: /, ''));
    throw error;
  }
}

/** Listens, or says in one line why it cannot: the port is taken, the host is not local ... */
async function listen(settings: ServeSettings, simulator: Simulator): Promise<MockServer> {
  const { port, host } = settings;
  try {
    return await startMockServer({ port, host, simulator });
  } catch (error) {
    simulator.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CommandLineError(
        `port ${port} on ${host} is already in use; pick another with --port (0 for any free port)`,
        { cause: error },
      );
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EACCES')
      throw new CommandLineError(`cannot listen on ${host}:${port} (${code})`, { cause: error });
    throw error;
  }
}

function describeServer(server: MockServer, settings: ServeSettings, output: CommandOutput): void {
  const { owner, member } = server.simulator.users;
  const delay = settings.simulator.subscriptionDelayMs;
  output.out(`seatpay mock listening on ${server.url}`);
  output.out(`  owner  ${owner.email}  token ${owner.token}`);
  output.out(`  member ${member.email}  token ${member.token}`);
  output.out(`  plans  ${Object.keys(server.simulator.catalog).join(', ')}`);
  output.out(
    `  profile ${settings.simulator.profile ?? 'spec'}; subscriptions appear ${delay === undefined ? '10 to 30 s' : `${delay} ms`} after paying`,
  );
  output.out(
    `  faults ${settings.faults.length ? settings.faults.map((fault) => `${fault.route} ${fault.kind}`).join('; ') : 'none'}`,
  );
  output.out(`  state  GET ${server.url}/__mock/state (with either token; each sees its own)`);
  // One variable a line, as a .env holds them: the two on one line, copied into a .env (or read
  // by `node --env-file`), made one base URL of "http://... SEATPAY_TOKEN=..." and no token.
  output.out(`  .env   SEATPAY_BASE_URL=${server.url}`);
  output.out(`         SEATPAY_TOKEN=${owner.token}`);
  output.out('Press Ctrl+C to stop.');
}

/** `--allow-remote`: said on stderr, where it is seen even when stdout goes to a file. */
function warnRemote(server: MockServer, output: CommandOutput): void {
  output.err(
    `seatpay-mock: WARNING: ${server.url} may be reached from other machines: anyone who can connect can read its state and act with the tokens printed below. Use it only on a network you trust.`,
  );
}

/** Closes the server on SIGINT or SIGTERM, then exits 0. */
function stopOnSignal(server: MockServer): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server
      .close()
      .finally(() => server.simulator.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * Runs `seatpay-mock` with these arguments. Resolves once the server listens (it then runs until
 * a signal) or the command is done; sets `process.exitCode` to 2 for a usage mistake, 1 when it
 * cannot listen.
 */
export async function main(
  argv: readonly string[],
  output: CommandOutput = CONSOLE,
): Promise<void> {
  try {
    const command = parseCommandLine(argv);
    if (command.kind === 'help') return output.out(HELP);
    if (command.kind === 'version') return output.out(VERSION);
    const server = await listen(command, prepareSimulator(command));
    if (!isLoopback(command.host)) warnRemote(server, output);
    // The handler goes first: a script that stops the server as soon as it reads the banner
    // would otherwise kill it with the default SIGTERM action, in the instant between the two.
    stopOnSignal(server);
    describeServer(server, command, output);
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    output.err(`seatpay-mock: ${error.message} (see seatpay-mock --help)`);
    process.exitCode = error.cause === undefined ? 2 : 1;
  }
}
