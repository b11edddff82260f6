import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
import { parseInput } from '../core/validate-input.js';
import { IdInputSchema } from '../schemas/common.js';
import { SeatChangeAnswerSchema, seatsOfChange } from './seat-change-answer.js';
import {
  isRefusal,
  mayHaveApplied,
  settleRefusedRetry,
  type SeatChangeGoal,
} from './seat-change-recovery.js';
import {
  SeatInputListSchema,
  SeatListSchema,
  SeatReplacementListSchema,
  type Seat,
  type SeatInput,
  type SeatReplacement,
} from '../schemas/seats.js';

/**
 * The seats of a subscription's billing team. Changing them is for the owner only (anyone else
 * gets `OwnerOnlyError`). Reached as `client.seats`.
 *
 * @example
 * ```ts
 * await client.seats.add(sub.id, [{ email: 'ada@example.com' }]);
 * const seats = await client.seats.list(sub.id);
 * ```
 */
export class SeatsResource {
  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const seats = new SeatsResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(private readonly core: HttpCore) {}

  /**
   * The seats of the team.
   *
   * @example
   * ```ts
   * const seats = await client.seats.list(sub.id);
   * console.log(seats.map((seat) => seat.email));
   * ```
   */
  async list(subscriptionId: number, options?: RequestOptions): Promise<Seat[]> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
    };
    return this.core.request(
      { route: routes.listSeats, params, response: SeatListSchema },
      options,
    );
  }

  /**
   * Adds seats; `seat_multiplier` scales a seat's allocation under `PER_SEAT`. Resolves to the
   * seats as they are after the change, only when every seat was applied: refusals (the deployed
   * server's 207 `{ data, errors }`) reject with `SeatsRefusedError`, whose `applied` holds the
   * seats that were changed and `refused` the service's messages, whatever `validate` says. When
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
  async add(subscriptionId: number, seats: SeatInput[], options?: RequestOptions): Promise<Seat[]> {
    const subscription_id = parseInput(IdInputSchema, subscriptionId, 'subscription_id');
    const add_seats = parseInput(SeatInputListSchema, seats, 'add_seats');
    const goal = { present: add_seats.map((seat) => seat.email), absent: [] };
    return this.change(subscription_id, { add_seats }, goal, options);
  }

  /**
   * Gives seats to other people: each seat held by `from_email` passes to `to_email`. Refusals and
   * lost answers are handled as in {@link SeatsResource.add}.
   *
   * @example
   * ```ts
   * await client.seats.replace(sub.id, [
   *   { from_email: 'bob@example.com', to_email: 'eve@example.com' },
   * ]);
   * ```
   */
  async replace(
    subscriptionId: number,
    replacements: SeatReplacement[],
    options?: RequestOptions,
  ): Promise<Seat[]> {
    const subscription_id = parseInput(IdInputSchema, subscriptionId, 'subscription_id');
    const replace_seats = parseInput(SeatReplacementListSchema, replacements, 'replace_seats');
    const goal = {
      present: replace_seats.map((swap) => swap.to_email),
      absent: replace_seats.map((swap) => swap.from_email),
    };
    return this.change(subscription_id, { replace_seats }, goal, options);
  }

  /**
   * Removes a seat from the team.
   *
   * @example
   * ```ts
   * const seats = await client.seats.list(sub.id);
   * const bob = seats.find((seat) => seat.email === 'bob@example.com');
   * if (bob) await client.seats.remove(sub.id, bob.id);
   * ```
   */
  async remove(subscriptionId: number, seatId: number, options?: RequestOptions): Promise<void> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
      seat_id: parseInput(IdInputSchema, seatId, 'seat_id'),
    };
    return this.core.request({ route: routes.deleteSeat, params, response: 'empty' }, options);
  }

  /**
   * One seat change: refusals in the answer become `SeatsRefusedError`; a retry refused because a
   * lost first attempt already applied the change resolves once the team shows it applied.
   */
  private async change(
    subscription_id: number,
    body: Record<string, unknown>,
    goal: SeatChangeGoal,
    options?: RequestOptions,
  ): Promise<Seat[]> {
    const params = { subscription_id };
    let lostAttempt = false;
    const onRetry = ({ error }: { error: unknown }) => {
      lostAttempt ||= mayHaveApplied(error);
    };
    try {
      return await this.core.request(
        {
          route: routes.putSeats,
          params,
          body,
          response: SeatChangeAnswerSchema,
          settle: seatsOfChange,
        },
        { ...options, onRetry },
      );
    } catch (error) {
      if (!lostAttempt || !isRefusal(error)) throw error;
      return settleRefusedRetry(error, goal, await this.list(subscription_id, options));
    }
  }
}
