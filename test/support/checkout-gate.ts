// A door on the consumable checkout requests of an in-memory client: the test holds them (the
// next one, or every one from now on) and lets them go when the order of events it plays says so,
// to be answered by the simulator or refused (400, nothing charged). Every other request passes.
import type { ClientOptions } from '../../src/index.js';
import type { Simulator } from '../../src/mock/index.js';

const CHECKOUT = '/v2/payments/consumable/checkout';

export interface HeldCheckouts {
  /** Resolves once the first request held has reached the gate (it is out, its outcome unknown). */
  readonly arrived: Promise<void>;
  /** Lets the held requests go on. */
  open(): void;
}

export interface HoldOptions {
  /** Answer the held requests, once let go, with the service's refusal instead of the simulator. */
  refuse?: boolean;
}

export interface CheckoutGate {
  /** The `fetch` of a client of the gate's simulator. */
  fetch: NonNullable<ClientOptions['fetch']>;
  /** How many checkout requests have reached the gate so far, held or not. */
  sent(): number;
  /** Holds the next checkout request only; the ones after it pass. */
  holdNext(options?: HoldOptions): HeldCheckouts;
  /** Holds every checkout request from now on until `open`, and refuses them after if told to. */
  holdAll(options?: HoldOptions): HeldCheckouts;
}

interface Hold {
  released: Promise<void>;
  reached(): void;
  refuse: boolean;
  /** Kept for the requests after the first. */
  every: boolean;
}

export function checkoutGate(simulator: Simulator): CheckoutGate {
  let sent = 0;
  let hold: Hold | undefined;
  const arm = (every: boolean, options: HoldOptions = {}): HeldCheckouts => {
    let open!: () => void;
    const released = new Promise<void>((resolve) => (open = resolve));
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    hold = { released, reached, refuse: options.refuse ?? false, every };
    return { arrived, open };
  };
  return {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.includes(CHECKOUT)) return simulator.handle(request);
      sent++;
      const held = hold;
      if (!held) return simulator.handle(request);
      if (!held.every) hold = undefined;
      held.reached();
      await held.released;
      if (!held.refuse) return simulator.handle(request);
      return Response.json(
        { detail: 'subscription-not-usable', status_code: 400 },
        { status: 400 },
      );
    },
    sent: () => sent,
    holdNext: (options) => arm(false, options),
    holdAll: (options) => arm(true, options),
  };
}
