// The checks of `client.seats` (zod schemas), imported with the family's resource, with the reading
// of a seat change's answer, which zod checks too.
export { IdInputSchema } from '../../schemas/common.js';
export {
  SeatInputListSchema,
  SeatListSchema,
  SeatReplacementListSchema,
} from '../../schemas/seats.js';
export { SeatChangeAnswerSchema, seatsOfChange } from '../seat-change-answer.js';
