import type { MockUser, SimulatorState } from '../state/state.js';
import { NOT_AUTHENTICATED, fail } from './http-error.js';

/**
 * Finds the caller from `Authorization: Bearer <t>` (SERVICE.md) or `Token <t>` (the deployed
 * server's scheme). Missing and unknown tokens get the same 401 the deployed server sends.
 */
export function authenticate(state: SimulatorState, request: Request): MockUser {
  const header = request.headers.get('authorization') ?? '';
  const match = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header);
  return userByToken(state, match?.[1] ?? '');
}

/** The user a token belongs to; 401 for any other token. */
export function userByToken(state: SimulatorState, token: string): MockUser {
  const user =
    token === '' ? undefined : state.users.find((candidate) => candidate.token === token);
  return user ?? fail(401, NOT_AUTHENTICATED);
}
