// The web platform as `#platform` (package.json `imports`): what every runtime but Node gets
// (browsers, Workers, edge runtimes). Built as dist/platform-web.js.
export { webPlatform as platform } from './web.js';
