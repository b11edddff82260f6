import type { APIPromise } from '../core/api-promise.js';
import type { Answer } from '../core/call.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { NotFoundError } from '../core/errors/status-errors.js';
import { parseInput } from '../core/prepare/validate-input.js';
import {
  isRefusal,
  mayHaveApplied,
  settleRefusedRetry,
  type SeatChangeGoal,
} from './seat-change-recovery.js';
import type { Seat, SeatInput, SeatReplacement } from '../schemas/seats.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import {
  IdInputSchema,
  SeatChangeAnswerSchema,
  SeatInputListSchema,
  SeatListSchema,
  SeatReplacementListSchema,
  seatsOfChange,
} from './checks/seats.js';

/**
 * The seats of a subscription's billing team. Changing them is for the owner only (anyone else
 * gets `OwnerOnlyError`). Reached as `client.seats`.
 *
 * @example
 * ```ts
 * await client.seats.add(sub.id, [{ email: 'ada@example.com' }]);
 * const seats = await client.seats.list(sub.id);
 * ```
 * @category Resources
 */
export class SeatsResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const seats = new SeatsResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * The seats of the team.
   *
   * @example
   * ```ts
   * const seats = await client.seats.list(sub.id);
   * console.log(seats.map((seat) => seat.email));
   * ```
   */
  list(subscriptionId: number, options?: RequestOptions): APIPromise<Seat[]> {
    return this.#core.request(
      null,
      () => {
        const params = {
          subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
        };
        return { route: this.#core.routes.listSeats, params, response: SeatListSchema };
      },
      options,
    );
  }

  /**
   * Adds seats; `seat_multiplier` scales a seat's allocation under `PER_SEAT` where the server has
   * multipliers (`profile: 'spec'`); the deployed server ignores it, so under `profile: 'deployed'`
   * a seat with one is refused before sending (`InvalidRequestError`). Resolves to the
   * added seats (not the whole team: `seats.list` gives that), only when every seat was applied:
   * refusals (the deployed server's 207 `{ data, errors }`) reject with `SeatsRefusedError`, whose
   * `applied` holds the seats that were changed and `refused` the service's messages, whatever
   * `validate` says. When
   * an attempt's answer was lost and the retry is refused because that attempt already added the
   * seats, the call resolves once the team shows them; otherwise it rejects with
   * `mayHaveBeenProcessed: true`.
   *
   * @example
   * ```ts
   * await client.seats.add(sub.id, [
   *   { email: 'ada@example.com' },
   *   { email: 'bob@example.com', seat_multiplier: 2 },
   * ]);
   * ```
   */
  add(subscriptionId: number, seats: SeatInput[], options?: RequestOptions): APIPromise<Seat[]> {
    return this.change(() => {
      const add_seats = parseInput(SeatInputListSchema, seats, 'add_seats');
      const goal = { present: add_seats.map((seat) => seat.email), absent: [] };
      return { subscriptionId, body: { add_seats }, goal };
    }, options);
  }

  /**
   * Gives seats to other people: each seat held by `from_email` passes to `to_email`. Resolves to
   * the seats changed, with their new holders. Refusals and lost answers are handled as in
   * {@link SeatsResource.add}.
   *
   * @example
   * ```ts
   * await client.seats.replace(sub.id, [
   *   { from_email: 'bob@example.com', to_email: 'eve@example.com' },
   * ]);
   * ```
   */
  replace(
    subscriptionId: number,
    replacements: SeatReplacement[],
    options?: RequestOptions,
  ): APIPromise<Seat[]> {
    return this.change(() => {
      const replace_seats = parseInput(SeatReplacementListSchema, replacements, 'replace_seats');
      const goal = {
        present: replace_seats.map((swap) => swap.to_email),
        absent: replace_seats.map((swap) => swap.from_email),
      };
      return { subscriptionId, body: { replace_seats }, goal };
    }, options);
  }

  /**
   * Removes a seat from the team. If an attempt's answer was lost and the retry finds no such
   * seat (404), the first attempt removed it: the call resolves once the listing confirms the seat
   * is gone.
   *
   * @example
   * ```ts
   * const seats = await client.seats.list(sub.id);
   * const bob = seats.find((seat) => seat.email === 'bob@example.com');
   * if (bob) await client.seats.remove(sub.id, bob.id);
   * ```
   */
  remove(subscriptionId: number, seatId: number, options?: RequestOptions): APIPromise<void> {
    // An attempt whose answer was lost may have removed the seat: the retry's 404 is then the
    // first attempt's success, confirmed by the listing, not a failure.
    let lostAttempt = false;
    const onRetry = ({ error }: { error: unknown }) => void (lostAttempt ||= mayHaveApplied(error));
    let asked: { subscription_id: number; seat_id: number } | undefined;
    return this.#core
      .request<void, null>(
        null,
        () => {
          asked = {
            subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
            seat_id: parseInput(IdInputSchema, seatId, 'seat_id'),
          };
          return { route: this.#core.routes.deleteSeat, params: asked, response: 'empty' };
        },
        { ...options, onRetry },
      )
      ._recover((error) =>
        asked && lostAttempt && error instanceof NotFoundError
          ? this.settleRemoval(asked.subscription_id, asked.seat_id, error, options)
          : undefined,
      );
  }

  /** After a lost answer and a retry's 404: resolved when the listing has no such active seat. */
  private async settleRemoval(
    subscriptionId: number,
    seatId: number,
    notFound: NotFoundError,
    options?: RequestOptions,
  ): Promise<Answer<void>> {
    const { data, response, requestId } = await this.list(subscriptionId, options).withResponse();
    if (data.some((seat) => seat?.id === seatId && seat.is_active !== false)) throw notFound;
    const { method } = this.#core.routes.listSeats;
    const url = response.url;
    return { response, text: '', requestId, method, url, parse: () => undefined };
  }

  /**
   * One seat change: refusals in the answer become `SeatsRefusedError`; a retry refused because a
   * lost attempt already applied the change resolves with the seats the team now shows (and that
   * listing's answer), else rejects with `mayHaveBeenProcessed: true`.
   */
  private change(
    describe: () => {
      subscriptionId: number;
      body: Record<string, unknown>;
      goal: SeatChangeGoal;
    },
    options?: RequestOptions,
  ): APIPromise<Seat[]> {
    let lostAttempt = false;
    const onRetry = ({ error }: { error: unknown }) => void (lostAttempt ||= mayHaveApplied(error));
    let asked: { subscription_id: number; goal: SeatChangeGoal } | undefined;
    const redact = <T>(value: T): T => this.#core.secrets.redact(value);
    return (
      this.#core
        .request(
          null,
          () => {
            const { subscriptionId, body, goal } = describe();
            const subscription_id = parseInput(IdInputSchema, subscriptionId, 'subscription_id');
            asked = { subscription_id, goal };
            const params = { subscription_id };
            return {
              route: this.#core.routes.putSeats,
              params,
              body,
              response: SeatChangeAnswerSchema,
            };
          },
          { ...options, onRetry },
        )
        ._thenUnwrap((body, { response, method, url }) =>
          seatsOfChange(body, { status: response.status, method, url, redact }),
        )
        // The deployed server refuses a retried change in a 207, which only the parse reads.
        ._parseEarly()
        ._recover((error) =>
          asked && lostAttempt && isRefusal(error)
            ? this.settleFromListing(asked.subscription_id, error, asked.goal, options)
            : undefined,
        )
    );
  }

  private async settleFromListing(
    subscriptionId: number,
    refusal: Parameters<typeof settleRefusedRetry>[0],
    goal: SeatChangeGoal,
    options?: RequestOptions,
  ): Promise<Answer<Seat[]>> {
    const { data, response, requestId } = await this.list(subscriptionId, options).withResponse();
    const seats = settleRefusedRetry(refusal, goal, data);
    const { method } = this.#core.routes.listSeats;
    const url = response.url;
    const text = JSON.stringify(seats);
    return { response, text, requestId, method, url, parse: () => seats };
  }
}
