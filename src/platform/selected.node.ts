// The `node` export condition's platform (see selected.ts).
export { nodePlatform as platform } from './node.js';
