/* global Response */
// workerd (through miniflare): the flow runs inside a request, as a Worker's code does. Bundled
// by esbuild with workerd's export conditions; no nodejs_compat, so no Node built-in exists.
import * as seatpay from 'seatpay';
import { runFlow } from './flow.mjs';

export default {
  async fetch(request) {
    try {
      return Response.json({ ok: true, result: await runFlow(seatpay, await request.json()) });
    } catch (error) {
      return Response.json({ ok: false, error: `${error?.name}: ${error?.message}` });
    }
  },
};
