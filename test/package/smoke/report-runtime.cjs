/* global process */
// Preloaded through NODE_OPTIONS into the `seatpay-mock` command, whose `#!/usr/bin/env node`
// picks Node from PATH: this tells the test which Node that was.
process.stderr.write(`runtime ${process.version}\n`);
