import * as z from 'zod/mini';

/**
 * An error answer's JSON body, as the client reads it (core/errors/from-response.ts): the
 * message from `detail`, `message` or `error` (a string, a list or field errors), the refusal code
 * from `silent_code` or `slug`. The deployed server adds `status_code` (and `is_authenticated` on
 * a refused token); a validation failure is an object of field errors (`{"recharge_amount":
 * ["..."], "status_code": 400}`), which the open object covers.
 */
export const ErrorBodySchema = z.looseObject({
  detail: z.optional(z.unknown()),
  message: z.optional(z.unknown()),
  error: z.optional(z.unknown()),
  errors: z.optional(z.unknown()),
  status_code: z.optional(z.int()),
  silent: z.optional(z.boolean()),
  silent_code: z.optional(z.string()),
  slug: z.optional(z.string()),
});
