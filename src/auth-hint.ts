/** How the client authenticated: the scheme it sent and the profile it was built for. */
export interface AuthUsed {
  scheme: string;
  profile: string;
}

/**
 * The likely cause of a 401 to a call that sent credentials, and what to do, for the error's
 * message: the server's own text ("Authentication credentials were not provided.") is misleading
 * when seatpay did send a token, in a scheme that server ignores (SERVICE.md's `Bearer`, the
 * deployed server's `Token`: live-api.md §0).
 *
 * A chunk of its own, loaded when a 401 comes (core/errors/error-of-answer.ts): a page's calls that
 * succeed never need these words, so its first answer does not download them (BENCHMARKS.md,
 * page22). A connection error, a timeout or an abort never needs it either.
 */
export function authHint(serverMessage: string, { scheme, profile }: AuthUsed): string {
  const sent = `[seatpay sent \`Authorization: ${scheme} …\` (profile '${profile}')`;
  if (/not provided/i.test(serverMessage)) {
    const fix = /^token$/i.test(scheme) ? "'spec' (Bearer)" : "'deployed' (Token)";
    return `${sent} but the server saw none: it takes another scheme; try profile: ${fix} or authScheme]`;
  }
  return /expired/i.test(serverMessage)
    ? `${sent}; the token expired: get a new one]`
    : `${sent}; the server refused the token: it is not valid here (a restarted seatpay-mock issues new tokens unless --seed or --owner-token)]`;
}
