import type { BillingTeam } from '../index.js';
import { readArguments, wholeNumber } from './arguments.js';
import { GLOBAL_HELP, type Command } from './command.js';
import { counted } from './counted.js';
import { clientOf, profileOf, type Context } from './context.js';
import { DONE, type ExitCode } from './exit-codes.js';
import { changing } from './lost-change.js';
import { reading } from './read-failure.js';
import { givenValue, unknownWord } from './unknown-name.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  'auto-recharge': { type: 'string' },
  'recharge-threshold': { type: 'string' },
  'recharge-amount': { type: 'string' },
  'max-spend': { type: 'string' },
} as const;

const HELP = `seatpay team: a subscription's billing team and its auto-recharge settings.

Usage: seatpay team get <subscription>
       seatpay team update <subscription> [--auto-recharge on|off]
                           [--recharge-threshold <amount>]
                           [--recharge-amount <amount>] [--max-spend <amount>]

Options:
      --auto-recharge on|off        buy more units when the balance runs low
      --recharge-threshold <amount> the balance that triggers a recharge (a
                                    decimal, 10.00)
      --recharge-amount <amount>    how much each recharge buys
      --max-spend <amount>          the most recharges may spend per period

${GLOBAL_HELP}

Exit codes: 0 done, 1 failed (no such subscription or team, the service could
not be reached: see the message), 2 usage or input mistake (nothing sent), 3 the
answer was lost: the change may have been made (see seatpay team get
<subscription>; an update run again sets the same values), 130 stopped by
Ctrl-C.
`;

type Values = ReturnType<typeof readArguments<typeof OPTIONS>>['values'];

function decimal(flag: string, value: string | undefined): string | undefined {
  if (value !== undefined && !/^\d+(\.\d+)?$/.test(value))
    throw new UsageError(`${flag} must be an amount such as 10.00, not ${givenValue(value)}`);
  return value;
}

/** The changes the flags ask for, named as the service names them. */
function changes(values: Values, spendField: string): Record<string, string | boolean> {
  const recharge = values['auto-recharge'];
  if (recharge !== undefined && recharge !== 'on' && recharge !== 'off')
    throw new UsageError(`--auto-recharge must be on or off, not ${givenValue(recharge)}`);
  const fields = {
    auto_recharge_enabled: recharge === undefined ? undefined : recharge === 'on',
    recharge_threshold_amount: decimal('--recharge-threshold', values['recharge-threshold']),
    recharge_amount: decimal('--recharge-amount', values['recharge-amount']),
    [spendField]: decimal('--max-spend', values['max-spend']),
  };
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (!given.length)
    throw new UsageError(
      'update needs at least one of --auto-recharge, --recharge-threshold, --recharge-amount, --max-spend',
    );
  return Object.fromEntries(given) as Record<string, string | boolean>;
}

function show(team: BillingTeam): string {
  const spend = team.max_period_spend ?? team.max_monthly_spend ?? 'none';
  // An update's answer has no seats_count (SERVICE.md: the read shape only): no "?" printed for it.
  const seats =
    team.seats_count === undefined || team.seats_count === null
      ? counted(team.seats_limit, 'seat')
      : `${team.seats_count} of ${counted(team.seats_limit, 'seat')}`;
  return [
    `team ${team.id} of subscription ${team.subscription}: ${seats}`,
    `auto-recharge ${team.auto_recharge_enabled ? 'on' : 'off'}, threshold ${team.recharge_threshold_amount ?? '-'}, amount ${team.recharge_amount ?? '-'}, max spend ${spend}`,
  ].join('\n');
}

async function run(argv: readonly string[], context: Context): Promise<ExitCode> {
  const { values, positionals } = readArguments(argv, OPTIONS);
  const [action, subscription, extra] = positionals;
  if (action !== 'get' && action !== 'update')
    throw new UsageError(
      `team needs get or update${action ? `, not ${unknownWord(action, ['get', 'update'], 'the word given ')}` : ''}`,
    );
  if (subscription === undefined)
    throw new UsageError(`missing <subscription>: seatpay team ${action} <subscription>`);
  if (extra !== undefined) throw new UsageError(`unexpected argument ${givenValue(extra)}`);
  const id = wholeNumber('<subscription>', subscription);
  const options = { signal: context.signal };
  // The deployed server has no PATCH: there the settings are sent whole (PUT), as API.md says.
  const deployed = profileOf(values, context.env) === 'deployed';
  const patch =
    action === 'update'
      ? changes(values, deployed ? 'max_period_spend' : 'max_monthly_spend')
      : undefined;
  const client = await clientOf(values, context);
  const look = `seatpay team get ${id}`;
  const team =
    patch === undefined
      ? await reading(() => client.billingTeam.get(id, options))
      : deployed
        ? await changing(look, () => client.billingTeam.replace(id, patch, options))
        : await changing(look, () => client.billingTeam.update(id, patch, options));
  context.output.result(team, show(team));
  return DONE;
}

export const team: Command = {
  name: 'team',
  summary: "read or change a team's auto-recharge settings",
  help: HELP,
  run,
};
