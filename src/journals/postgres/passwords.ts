import type { PgQueryable } from './pg-queryable.js';

/**
 * `password=` anywhere in a connection string: a query parameter (`?password=`, `&password=` typed
 * after the path, which PostgreSQL then names as the database), or libpq's keyword form (`host=db
 * password=...`, quoted or not). A parameter's value runs to the next `&`; a keyword's (after a
 * blank) to the next blank or closing quote: `password=a&b` is `a&b` (only `a` was hidden).
 */
const PASSWORD_WORD = /(\s|^|%20)?password\s*=\s*(?:'((?:\\.|[^'])*)'|([^\s#]+))/gi;

/**
 * Every password a journal's connection may use, so that no message ever repeats it: a connection
 * string's (`user:password@`, any `password=` in it), a pg.Pool's or pg.Client's `password`,
 * connection string and database (any `password=` in them), PGPASSWORD (pg's fallback), and what
 * a password function returned ({@link rememberPasswords}). Each as written and URL-decoded; the
 * redaction finds their other encodings (URL-encoded, base64 ...).
 */
export function passwordsOf(given: PgQueryable | string): string[] {
  const options = typeof given === 'string' ? {} : optionsOf(given);
  const found = [process.env.PGPASSWORD, options.password, ...(returned.get(options) ?? [])];
  // A pg.Client keeps no connection string: a `&password=` after the path is in its `database`.
  const texts = [typeof given === 'string' ? given : options.connectionString, options.database];
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    if (URL.canParse(text)) found.push(new URL(text).password);
    for (const [, blank, quoted, word] of text.matchAll(PASSWORD_WORD))
      found.push(quoted, word?.split('&')[0], blank === undefined ? undefined : word);
  }
  const strings = found.filter((text): text is string => typeof text === 'string' && text !== '');
  return [...new Set([...strings, ...strings.map(decoded)])];
}

/** What each pool's (or client's) password function returned, by the object holding it. */
const returned = new WeakMap<object, Set<string>>();

/** Tokens kept per pool: the newest, those its connections (and their errors) can still quote. */
const TOKENS_KEPT = 16;

/**
 * A pg password given as a function (`password: () => token`, IAM or rotating tokens) is called on
 * each connection: it is wrapped, once, so that every token it gives is known and hidden, as a
 * string password is (a driver's error may echo the connection it tried). `this` and arguments
 * pass through unchanged, and the answer (a thenable as the promise it settles to: its `then`
 * runs once, not once for us and once for pg).
 */
export function rememberPasswords(given: PgQueryable | string): void {
  if (typeof given === 'string') return;
  const options = optionsOf(given) as { password?: unknown };
  const password = options.password;
  if (typeof password !== 'function' || returned.has(options)) return;
  const tokens = new Set<string>();
  const remember = (token: unknown) => {
    if (typeof token !== 'string') return;
    tokens.delete(token);
    tokens.add(token);
    if (tokens.size > TOKENS_KEPT) tokens.delete(tokens.values().next().value!);
  };
  try {
    options.password = function (this: unknown, ...args: unknown[]): unknown {
      const answer: unknown = password.apply(this, args);
      if (typeof (answer as PromiseLike<unknown> | undefined)?.then !== 'function') {
        remember(answer);
        return answer;
      }
      const settled = Promise.resolve(answer);
      void settled.then(remember, () => undefined);
      return settled;
    };
    returned.set(options, tokens);
  } catch {
    // A frozen config cannot be wrapped: its tokens stay unknown, as before.
  }
}

/** A pg.Pool keeps its config in `options`; a pg.Client holds `password` and `database` itself. */
function optionsOf(given: object): {
  password?: unknown;
  connectionString?: unknown;
  database?: unknown;
} {
  const options = (given as { options?: unknown }).options;
  return typeof options === 'object' && options !== null ? options : given;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
