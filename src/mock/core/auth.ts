import type { MockUser, SimulatorState } from '../state/state.js';
import { NOT_AUTHENTICATED, SimulatorError, fail } from './http-error.js';
import { refusal } from './messages.js';

/**
 * Finds the caller from `Authorization: <scheme> <t>`, for the schemes the profile accepts: the
 * spec simulator takes `Bearer` (SERVICE.md) and `Token`; the deployed one only `Token`, and treats
 * a `Bearer` header as no header at all, as that server does. No credentials: 401 `{detail}`. A
 * token that is not (or no longer) valid: the deployed server's own 401 `{error, is_authenticated}`
 * with `WWW-Authenticate: Token`, the spec simulator's `{detail}` with the same words (never the
 * "not provided" of a missing header: a client could not tell a stale token from a wrong scheme).
 * `anonymous` is the caller of a public route sent without credentials.
 */
export function authenticate(
  state: SimulatorState,
  request: Request,
  anonymous?: MockUser,
): MockUser {
  const header = request.headers.get('authorization') ?? '';
  const match = /^(\S+)\s+(\S+)\s*$/.exec(header);
  const accepted = match && state.options.profile.authSchemes.includes(match[1]!.toLowerCase());
  if (!accepted) return anonymous ?? fail(401, NOT_AUTHENTICATED);
  return userByToken(state, match[2]!);
}

/** The user a token belongs to; 401 for any other token. */
export function userByToken(state: SimulatorState, token: string): MockUser {
  const user =
    token === '' ? undefined : state.users.find((candidate) => candidate.token === token);
  return user ?? refuseToken(state, token);
}

function refuseToken(state: SimulatorState, token: string): never {
  throw tokenRefusal(state, token);
}

/**
 * The 401 a token that is not (or no longer) valid gets under the profile: `{detail}`, or the
 * deployed server's `{error, is_authenticated}` with `WWW-Authenticate: Token`. Also what a 401
 * `status` fault answers, so that a test of a refused token sees the server's own answer.
 */
export function tokenRefusal(state: SimulatorState, token: string): SimulatorError {
  const expiredAt = state.expiredTokens.get(token);
  const error =
    expiredAt === undefined
      ? refusal('invalidToken')
      : refusal('tokenExpired', { time: pythonTime(expiredAt) });
  if (state.options.profile.tokenRefusal === 'detail') return new SimulatorError(401, error);
  return new SimulatorError(
    401,
    error,
    { error, is_authenticated: 'False', status_code: 401 },
    { 'www-authenticate': 'Token' },
  );
}

/** A time as Python prints a datetime (`2026-11-27 05:40:51.805000+00:00`), as that server words it. */
const pythonTime = (ms: number) =>
  new Date(ms).toISOString().replace('T', ' ').replace('Z', '000+00:00');
