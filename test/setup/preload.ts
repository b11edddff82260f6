// The fast suite runs calls in their steady state: the helpers, which a client loads with their
// first use (core/lazy-module.ts), are loaded before each file, so that a test's fake clock never
// races the loading of a module. The first call's
// loading is tested on its own (test/core/lazy-loading.test.ts, the browser and bundle suites).
import { createClient } from '../../src/index.js';

await createClient({ baseUrl: 'https://preload.invalid', token: 'preload' }).preload();
