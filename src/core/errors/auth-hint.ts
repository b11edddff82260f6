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
 */
export function authHint(serverMessage: string, { scheme, profile }: AuthUsed): string {
  const sent = `seatpay sent the token as \`Authorization: ${scheme} …\` (profile '${profile}')`;
  if (/not provided|no credentials|missing/i.test(serverMessage)) {
    const other = scheme.toLowerCase() === 'token' ? 'Bearer' : 'Token';
    const fix =
      other === 'Token'
        ? "for the deployed server, create the client with profile: 'deployed' (scheme Token)"
        : "for a server that follows SERVICE.md, use profile: 'spec' (scheme Bearer)";
    return `[${sent}, but the server saw none: it likely takes another scheme and ignored the header; ${fix}, or set authScheme]`;
  }
  if (/expired/i.test(serverMessage))
    return `[${sent}; the server read it and says it expired: get a new token (a token function is called on every attempt)]`;
  return `[${sent}; the server refused it: check that the token is current and for this server]`;
}
