import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
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

/** The seats of a subscription's billing team. Changing them is for the owner only. */
export class Seats {
  constructor(private readonly core: HttpCore) {}

  /** @example const seats = await client.seats.list(sub.id); */
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
   * Adds seats; `seat_multiplier` scales a seat's allocation under `PER_SEAT`.
   * @example await client.seats.add(sub.id, [{ email: 'ada@example.com' }, { email: 'bob@example.com', seat_multiplier: 2 }]);
   */
  async add(subscriptionId: number, seats: SeatInput[], options?: RequestOptions): Promise<Seat[]> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
    };
    const body = { add_seats: parseInput(SeatInputListSchema, seats, 'add_seats') };
    return this.core.request(
      { route: routes.putSeats, params, body, response: SeatListSchema },
      options,
    );
  }

  /**
   * Gives seats to other people.
   * @example await client.seats.replace(sub.id, [{ from_email: 'bob@example.com', to_email: 'eve@example.com' }]);
   */
  async replace(
    subscriptionId: number,
    replacements: SeatReplacement[],
    options?: RequestOptions,
  ): Promise<Seat[]> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
    };
    const body = {
      replace_seats: parseInput(SeatReplacementListSchema, replacements, 'replace_seats'),
    };
    return this.core.request(
      { route: routes.putSeats, params, body, response: SeatListSchema },
      options,
    );
  }

  /** @example await client.seats.remove(sub.id, seat.id); */
  async remove(subscriptionId: number, seatId: number, options?: RequestOptions): Promise<void> {
    const params = {
      subscription_id: parseInput(IdInputSchema, subscriptionId, 'subscription_id'),
      seat_id: parseInput(IdInputSchema, seatId, 'seat_id'),
    };
    return this.core.request({ route: routes.deleteSeat, params, response: 'empty' }, options);
  }
}
