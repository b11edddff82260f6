/**
 * What a client, its core and its secrets show when printed: `util.inspect` (and so
 * `console.log`) looks up this symbol, `JSON.stringify` calls `toJSON`. Their secrets sit in
 * `#private` fields, which neither prints nor `structuredClone` copies; these give a readable
 * description instead of an empty one. No `node:util` import: the main entry runs everywhere.
 */
export const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The third argument util.inspect passes a custom inspect: its own inspect function. */
export type Inspect = (value: unknown, options?: unknown) => string;

/** `Name { shown }`, as util.inspect prints a class instance holding only `shown`. */
export function printAs(name: string, shown: object, options: unknown, inspect?: Inspect): string {
  return `${name} ${typeof inspect === 'function' ? inspect(shown, options) : JSON.stringify(shown)}`;
}
