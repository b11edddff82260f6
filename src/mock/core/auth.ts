import type { MockUser, SimulatorState } from '../state/state.js';
import { NOT_AUTHENTICATED, fail } from './http-error.js';

/**
 * Finds the caller from `Authorization: <scheme> <t>`, for the schemes the profile accepts: the
 * spec simulator takes `Bearer` (SERVICE.md) and `Token`; the deployed one only `Token`, and treats
 * a `Bearer` header as no header at all, as that server does. Missing and unknown tokens get the
 * same 401 the deployed server sends.
 */
export function authenticate(state: SimulatorState, request: Request): MockUser {
  const header = request.headers.get('authorization') ?? '';
  const match = /^(\S+)\s+(\S+)\s*$/.exec(header);
  const accepted = match && state.options.profile.authSchemes.includes(match[1]!.toLowerCase());
  return userByToken(state, accepted ? match[2]! : '');
}

/** The user a token belongs to; 401 for any other token. */
export function userByToken(state: SimulatorState, token: string): MockUser {
  const user =
    token === '' ? undefined : state.users.find((candidate) => candidate.token === token);
  return user ?? fail(401, NOT_AUTHENTICATED);
}
