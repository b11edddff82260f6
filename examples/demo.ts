/**
 * `npm run demo`: the whole purchase flow against the built-in simulator on loopback. No account,
 * no network. The subscription appears 1.5 s after paying here (the real service takes 10 to 30 s).
 */
import { startMockServer } from '../src/mock/index.js';
import { runPurchaseFlow } from './purchase-flow.js';

const SUBSCRIPTION_DELAY_MS = 1_500;

const server = await startMockServer({
  port: 0,
  subscriptionDelayMs: SUBSCRIPTION_DELAY_MS,
  mediaProcessingDelayMs: 200,
});
console.log(
  `seatpay demo: simulator on ${server.url} (subscriptions appear ${SUBSCRIPTION_DELAY_MS} ms after paying)\n`,
);
try {
  const { owner, member } = server.simulator.users;
  const started = Date.now();
  const summary = await runPurchaseFlow({
    baseUrl: server.url,
    ownerToken: owner.token,
    memberToken: member.token,
    memberEmail: member.email,
  });
  const charges = server.simulator.charges;
  console.log(`
Summary (${((Date.now() - started) / 1000).toFixed(1)} s)
  subscription      #${summary.subscriptionId}, ${summary.seats} seats in use
  member usage      ${summary.unitsConsumed} credits, ${summary.recharges} auto-recharge
  spent on recharge ${summary.spent}
  charges           ${charges.length}: ${charges.map((c) => `${c.kind} ${c.amount}`).join(', ')}
  uploaded file     #${summary.fileId} (${summary.fileStatus})`);
} catch (error) {
  console.error('demo failed:', error);
  process.exitCode = 1;
} finally {
  await server.close();
}
