// The Node platform as `#platform` (package.json `imports`, condition `node`). Built as
// dist/platform-node.js; the sources, which run in Node (tsx, vitest), use it too (tsconfig paths).
export { nodePlatform as platform } from './node.js';
