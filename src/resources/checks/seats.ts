// The checks of `client.seats`, loaded on its first call (core/lazy-module.ts), with the reading
// of a seat change's answer, which zod checks too.
export { IdInputSchema } from '../../schemas/common.js';
export {
  SeatInputListSchema,
  SeatListSchema,
  SeatReplacementListSchema,
} from '../../schemas/seats.js';
export { SeatChangeAnswerSchema, seatsOfChange } from '../seat-change-answer.js';
