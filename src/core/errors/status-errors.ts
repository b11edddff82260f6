import { APIError } from './api-error.js';

/** 400: the body does not match the schema, a field is missing or has the wrong type. */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
/** 401: the token is missing, invalid or expired. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 403: the caller may not do this. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
/** 404: the subscription, plan slug or academy does not exist. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/** 409: the request conflicts with the current state. */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
/** 429: too many requests; `headers['retry-after']` says when to come back. */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
}
/** 500 and above: the service failed. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}
