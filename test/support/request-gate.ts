// A simulator with a gate on one route, which the test opens and closes: past the budget it set,
// requests on that route wait unanswered (they never reach the simulator) until the test opens
// the gate again, which drops them. A client held at the gate can go no further until the test
// acts, so a kill or a page reload lands at that point whatever the load: event order, not a
// latency racing the test. With `{ hold: 'answer' }` the service handles a request past the budget
// at once (a chunk is stored) and only its answer waits: opening the gate then delivers it, late,
// as a slow link would.
import type { Simulator } from '../../src/mock/index.js';

export interface RequestGate {
  /** Serve this one (startMockServer({ simulator })). */
  simulator: Simulator;
  /**
   * Answers `budget` more requests on the route (every one when undefined) and holds those past
   * it; drops (as a dropped connection) the requests held so far.
   */
  open(budget: number | undefined): void;
  /** Resolves once `count` requests on the route are held at the gate. */
  held(count: number): Promise<void>;
}

/** Gates `route` (`METHOD /path`, as it arrives) of `inner`; open to begin with. */
export function requestGate(
  inner: Simulator,
  route: string,
  { hold = 'request' }: { hold?: 'request' | 'answer' } = {},
): RequestGate {
  let budget: number | undefined;
  let held: (() => void)[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  const settle = () => {
    const ready = waiters.filter((waiter) => held.length >= waiter.count);
    waiters = waiters.filter((waiter) => held.length < waiter.count);
    ready.forEach((waiter) => waiter.resolve());
  };
  const simulator: Simulator = {
    ...inner,
    handle: async (request, options) => {
      const arrived = `${request.method.toUpperCase()} ${new URL(request.url).pathname}`;
      if (arrived === route && budget !== undefined) {
        if (budget <= 0) {
          const answer = hold === 'answer' ? await inner.handle(request, options) : undefined;
          await new Promise<void>((resolve) => {
            held.push(resolve);
            settle();
          });
          return answer ?? Response.error();
        }
        budget -= 1;
      }
      return inner.handle(request, options);
    },
  };
  return {
    simulator,
    open: (next) => {
      budget = next;
      const release = held;
      held = [];
      release.forEach((resolve) => resolve());
    },
    held: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        settle();
      }),
  };
}
