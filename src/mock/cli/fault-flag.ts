import { CORRUPTIONS, type FaultSpec } from '../core/faults.js';
import { CommandLineError } from './command-line-error.js';
import { givenValue } from '../../command/unknown-name.js';

// `--fault "<route> <kind> [retry-after=<s>] [times=<n>|always]"`, where the route is `*` or
// "METHOD /path" (a template from the route table, or a concrete path) and the kind one of
// `status=<code>`, `latency=<ms>`, `reset-before`, `reset-after`, or on finalize
// `corrupt=misplaced-chunk|truncated-chunk|foreign-chunk`. Example:
//   --fault "POST /v1/payments/pay status=503 retry-after=2 times=3"

const FAULT_SYNTAX =
  '"<* | METHOD /path> <status=<code> | latency=<ms> | reset-before | reset-after | corrupt=<misplaced-chunk|truncated-chunk|foreign-chunk>> [retry-after=<s>] [times=<n>|always]"';

const wholeNumber = (flag: string, name: string, value: string, max = 2 ** 31 - 1): number => {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number <= max))
    throw new CommandLineError(`${flag}: ${name} must be a whole number, not ${givenValue(value)}`);
  return number;
};

/** The kind word: `reset-before`, `reset-after`, `status=503` or `latency=2000`. */
function kindOf(flag: string, word: string | undefined): Partial<FaultSpec> {
  const [name = '', value] = (word ?? '').split('=', 2);
  if ((name === 'reset-before' || name === 'reset-after') && value === undefined)
    return { kind: name };
  if (name === 'status' && value !== undefined)
    return { kind: 'status', status: wholeNumber(flag, 'status', value, 599) };
  if (name === 'latency' && value !== undefined)
    return { kind: 'latency', latencyMs: wholeNumber(flag, 'latency', value) };
  if (name === 'corrupt' && CORRUPTIONS.includes(value as (typeof CORRUPTIONS)[number]))
    return { kind: 'corrupt-assembly', corruption: value as (typeof CORRUPTIONS)[number] };
  throw new CommandLineError(
    `${flag}: "${word ?? ''}" is not a fault kind; use status=<code>, latency=<ms>, reset-before, reset-after or corrupt=${CORRUPTIONS.join('|')}`,
  );
}

/** The settings after the kind: `retry-after=<s>` and `times=<n>|always`. */
function settingOf(flag: string, word: string): Partial<FaultSpec> {
  const [name, value = ''] = word.split('=', 2);
  if (name === 'retry-after' && value !== '') return { retryAfter: value };
  if (name === 'times')
    return { times: value === 'always' ? Infinity : wholeNumber(flag, 'times', value) };
  throw new CommandLineError(
    `${flag}: unknown setting "${word}"; use retry-after=<s> or times=<n>|always`,
  );
}

/** One `--fault` value as the simulator's {@link FaultSpec}; the route is checked on inject. */
export function parseFaultFlag(text: string): FaultSpec {
  const flag = `--fault "${text}"`;
  const words = text.trim().split(/\s+/).filter(Boolean);
  const routeLength = words[0] === '*' ? 1 : 2;
  if (words.length <= routeLength) throw new CommandLineError(`${flag}: expected ${FAULT_SYNTAX}`);
  const route = words.slice(0, routeLength).join(' ');
  const [kind, ...settings] = words.slice(routeLength);
  return Object.assign(
    { route },
    kindOf(flag, kind),
    ...settings.map((word) => settingOf(flag, word)),
  ) as FaultSpec;
}
