/**
 * `npm run example:browser`: bundles the built SDK, starts the simulator and the page on two
 * loopback ports, and prints the page's URL. Open it in a browser; Ctrl-C stops both servers.
 *
 * Fixed ports: PAGE_PORT=8080 SIMULATOR_PORT=4010 npm run example:browser
 */
import { startBrowserExample } from './browser-example.js';

const portFrom = (value: string | undefined) => (value ? Number(value) : undefined);

const example = await startBrowserExample({
  pagePort: portFrom(process.env.PAGE_PORT),
  simulator: { port: portFrom(process.env.SIMULATOR_PORT) },
});
console.log(`Simulator: ${example.simulator.url}`);
console.log(`Open the page (another origin, so every SDK call is cross-origin):`);
console.log(`  ${example.pageUrl}`);
console.log('Ctrl-C to stop.');

process.once('SIGINT', () => {
  void example.close().then(() => process.exit(0));
});
