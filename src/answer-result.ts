import type { Answer } from './core/call.js';
import { SeatpayError } from './core/errors/seatpay-error.js';
import { bodySettled } from './large-text/validation-body.js';

/**
 * An answer's result; what fails waits for a validation error's large body, redacted in slices
 * (withBody). The response is read only when its body was left unread: reading it costs a search
 * of its headers for echoed secrets (core/read/answer.ts).
 */
export function resultOf<T>(answer: Answer<T>): T | Promise<T> {
  try {
    const { text } = answer;
    const data =
      text === undefined
        ? unreadBody(answer.response).then((body) => answer.parse(body))
        : answer.parse(text);
    return data instanceof Promise ? data.catch(bodySettled) : data;
  } catch (error) {
    return bodySettled(error);
  }
}

/** The body of an answer left unread for `asResponse()`, unless that caller read it already. */
async function unreadBody(response: Response): Promise<string> {
  if (response.bodyUsed) {
    throw new SeatpayError(
      'The body of this answer was read through asResponse(): await the call, or use withResponse(), to get its result',
    );
  }
  return response.text();
}
