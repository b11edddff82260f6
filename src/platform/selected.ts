// The platform of this build of the main entry. This file is the `default` one (browsers,
// Workers, Deno, Bun, edge): tsup builds the `node` export condition's entry with
// selected.node.ts in its place (tsup.config.ts), and vitest, which runs in Node, does the same.
export { webPlatform as platform } from './web.js';
