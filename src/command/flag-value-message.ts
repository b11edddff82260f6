// node:util's parseArgs words a flag's missing or extra value for a programmer ("Option '-p,
// --port <value>' argument missing"): said here as a user reads it, naming the flag.

/** The one-line message for parseArgs' ERR_PARSE_ARGS_INVALID_OPTION_VALUE `message`. */
export function flagValueMessage(message: string): string {
  const flag = /'(?:-\w, )?(--[\w-]+)/.exec(message)?.[1];
  if (flag === undefined) return message.replace(/\.$/, '').split('\n')[0] ?? message;
  if (/argument missing/.test(message)) return `${flag} needs a value: ${flag} <value>`;
  if (/argument is ambiguous/.test(message))
    return `${flag} needs a value, and what follows it is a flag (a value that starts with a dash goes as ${flag}=-value)`;
  if (/does not take an argument/.test(message)) return `${flag} takes no value`;
  return message.replace(/\.$/, '').split('\n')[0] ?? message;
}
