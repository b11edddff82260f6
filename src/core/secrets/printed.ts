/**
 * What a client, its core and its secrets show when printed: `util.inspect` (and so
 * `console.log`) looks up this symbol, `JSON.stringify` calls `toJSON`. Their secrets sit in
 * `#private` fields, which neither prints nor `structuredClone` copies; this gives a readable
 * description instead of an empty one. No `node:util` import: the main entry runs everywhere.
 */
const INSPECT = /* @__PURE__ */ Symbol.for('nodejs.util.inspect.custom');

/** The third argument util.inspect passes a custom inspect: its own inspect function. */
type Inspect = (value: unknown, options?: unknown) => string;

/**
 * Makes `target` print as `Name { ...describe() }`. Defined on the instance, not the class: a
 * computed class key would keep every class in a bundle that does not use it (tree-shaking).
 * Not enumerable, so `structuredClone` and `Object.keys` do not see it.
 */
export function printAs(target: object, name: string, describe: () => object): void {
  Object.defineProperty(target, INSPECT, {
    value: (_depth: number, options: unknown, inspect?: Inspect) =>
      `${name} ${typeof inspect === 'function' ? inspect(describe(), options) : JSON.stringify(describe())}`,
  });
}
