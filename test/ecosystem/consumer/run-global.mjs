// The edge runtime and Chromium: a bundle that publishes one function; the host calls it with the
// config and gets the flow's result back as JSON text (it crosses a VM or page boundary).
import * as seatpay from 'seatpay';
import { runFlow } from './flow.mjs';

globalThis.__seatpayRun = (config) =>
  runFlow(seatpay, config).then(
    (result) => JSON.stringify({ ok: true, result }),
    (error) => JSON.stringify({ ok: false, error: `${error?.name}: ${error?.message}` }),
  );
