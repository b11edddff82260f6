// What test/core/large-answer-validation's two files share: a large listing's text, and its call
// aborted by the caller at a chosen turn of the event loop after the answer is logged.
import { answeringClient } from '../../support/answering-client.js';

export const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';

/** A listing of `rows` subscriptions, every field filled; `currency` wrong when asked. */
export function listing(rows: number, currency: unknown = { code: 'EUR', name: 'Euro' }): string {
  const list = Array.from({ length: rows }, (_, id) => ({
    id,
    status: 'ACTIVE',
    user: { id: 1000 + id, email: `owner${id}@example.com` },
    plans: [{ id: 7, slug: 'team' }],
    currency,
    next_renewal_amount: id % 2 ? '49.00' : 49, // a number: zod's transform makes it a string
    seats_limit: 10,
  }));
  return JSON.stringify({ subscriptions: list });
}
/** `text`'s call whose caller aborts `turns` turns of the loop after its log line (never: undefined). */
export async function abortedAfterTurns(
  turns: number | undefined,
  text: string,
  totalTimeout?: number,
) {
  let turn = 0;
  let settled = false;
  const abortLater = (controller: AbortController) => {
    const step = () => {
      if (settled) return;
      if (turn === turns) return controller.abort(new Error('left the page'));
      turn++;
      setImmediate(step);
    };
    step();
  };
  const outcome = await abortedOutcome(
    turns === undefined ? () => {} : abortLater,
    totalTimeout,
    text,
  );
  settled = true;
  return { ...outcome, settledAt: turn };
}

/** A large listing's call whose caller aborts once its answer is logged: `abort` does it then. */
export async function abortedOutcome(
  abort: (controller: AbortController) => void,
  totalTimeout?: number,
  text = listing(2_000),
) {
  const controller = new AbortController();
  const client = answeringClient({ token: TOKEN, text, onAnswer: () => abort(controller) });
  return client.subscriptions.list({ signal: controller.signal, totalTimeout }).then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
}
