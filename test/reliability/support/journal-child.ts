// A purchase through a fileJournal, in a process of its own: journals-read-only-folder.full.test.ts
// runs it as an unprivileged user when the suite runs as root (root writes into a read-only
// folder, so the attack would prove nothing there). Prints one line: the PurchaseError it met, as
// JSON.
//   node --import tsx journal-child.ts <baseUrl> <journal path>   (token in SEATPAY_TOKEN)
import { createClient, PurchaseError } from '../../../src/index.js';
import { fileJournal } from '../../../src/node.js';
import { TEAM_PURCHASE } from './team-purchase.js';

const [baseUrl, path] = process.argv.slice(2) as [string, string];
const client = createClient({
  baseUrl,
  token: process.env.SEATPAY_TOKEN!,
  retryBaseDelay: 1,
  logLevel: 'off',
});
try {
  await client.purchase({
    ...TEAM_PURCHASE,
    pollInterval: 10,
    waitTimeout: 3_000,
    key: 'order-r',
    journal: fileJournal(path),
  });
  console.log(JSON.stringify({ resolved: true }));
} catch (error) {
  const cause = error instanceof PurchaseError ? (error.cause as Error | undefined) : undefined;
  console.log(
    JSON.stringify({
      name: (error as Error).name,
      charged: error instanceof PurchaseError ? error.charged : undefined,
      cause: cause && { name: cause.name, path: (cause as { path?: unknown }).path },
    }),
  );
}
