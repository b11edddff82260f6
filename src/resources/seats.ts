import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { parseInput } from '../core/validate-input.js';
import { IdInputSchema } from '../schemas/common.js';
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
  list(subscriptionId: number, options?: RequestOptions): APIPromise<Seat[]> {
    return this.core.request(() => {
      const params = {
        subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
      };
      return { route: this.core.routes.listSeats, params, response: SeatListSchema };
    }, options);
  }

  /**
   * Adds seats; `seat_multiplier` scales a seat's allocation under `PER_SEAT`. Resolves to the
   * seats as they are after the change. If the service refused some items, rejects (under the
   * default `validate: 'error'`) with `ResponseValidationError` naming each; its `body` holds the
   * seats that were changed.
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
    return this.core.request(() => {
      const params = {
        subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
      };
      const body = { add_seats: parseInput(SeatInputListSchema, seats, 'add_seats') };
      return { route: this.core.routes.putSeats, params, body, response: SeatListSchema };
    }, options);
  }

  /**
   * Gives seats to other people: each seat held by `from_email` passes to `to_email`.
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
    return this.core.request(() => {
      const params = {
        subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
      };
      const body = {
        replace_seats: parseInput(SeatReplacementListSchema, replacements, 'replace_seats'),
      };
      return { route: this.core.routes.putSeats, params, body, response: SeatListSchema };
    }, options);
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
  remove(subscriptionId: number, seatId: number, options?: RequestOptions): APIPromise<void> {
    return this.core.request(() => {
      const params = {
        subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
        seat_id: parseInput(IdInputSchema, seatId, 'seat_id'),
      };
      return { route: this.core.routes.deleteSeat, params, response: 'empty' };
    }, options);
  }
}
