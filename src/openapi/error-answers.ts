import type { ProfileName } from '../core/routes/profiles.js';
import type { Components } from './components.js';
import { ErrorBodySchema } from './error-body.js';
import { JSON_TYPE } from './json-schema.js';

/** The error answers, each once in `components.responses`, by status. */
const ERRORS: Readonly<Record<string, { name: string; words: string }>> = {
  '400': { name: 'BadRequest', words: 'Refused: a field is missing or wrong (BadRequestError).' },
  '401': {
    name: 'Unauthorized',
    words: 'The token is missing, unknown or expired (AuthenticationError).',
  },
  '402': {
    name: 'PaymentRequired',
    words: 'The card, the payment or the units were refused (PaymentRequiredError).',
  },
  '403': {
    name: 'Forbidden',
    words: 'The caller may not do this (PermissionDeniedError, OwnerOnlyError).',
  },
  '404': { name: 'NotFound', words: 'Not found (NotFoundError).' },
  '429': {
    name: 'TooManyRequests',
    words: 'Too many requests: the client waits as Retry-After says (RateLimitError).',
  },
  '5XX': { name: 'ServerError', words: 'The server failed (InternalServerError).' },
};

export function errorAnswers(statuses: readonly number[]) {
  return Object.fromEntries(
    [...statuses.map(String), '5XX'].map((status) => [
      status,
      { $ref: `#/components/responses/${ERRORS[status]!.name}` },
    ]),
  );
}

/** Every error answer: the JSON error body; the deployed server's crashes are an HTML page. */
export function errorResponses(profileName: ProfileName, components: Components) {
  const errorBody = {
    [JSON_TYPE]: { schema: components.ref({ name: 'ErrorBody', schema: ErrorBodySchema }) },
  };
  return Object.fromEntries(
    Object.entries(ERRORS).map(([status, { name, words }]) => {
      const html = status === '5XX' && profileName === 'deployed';
      return [
        name,
        {
          description: html
            ? `${words} That server's unhandled errors are Django's HTML page.`
            : words,
          content: html ? { ...errorBody, 'text/html': { schema: { type: 'string' } } } : errorBody,
        },
      ];
    }),
  );
}
