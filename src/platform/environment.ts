/**
 * One variable of `process.env` where the runtime has one (Node, Bun, Deno), read without
 * importing a Node built-in. A read that throws (Deno without `--allow-env` throws NotCapable on
 * the read itself) counts as unset; so does an empty value (`SEATPAY_TOKEN=`).
 */
export function readProcessEnv(name: string): string | undefined {
  try {
    const value = processEnv()?.[name];
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

/** Whether the runtime has a `process.env` (a browser has none). */
export function hasProcessEnv(): boolean {
  try {
    return processEnv() !== undefined;
  } catch {
    return false;
  }
}

function processEnv(): Record<string, string | undefined> | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
}
