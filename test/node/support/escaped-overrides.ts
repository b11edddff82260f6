// Every escaped form of the right-to-left override (U+202E) that an earlier redaction pass let
// hide a reversed secret after it: JSON's, HTML's, a URL's, Rust's, Perl's, Python's, Git's;
// either case, zero-padded (redact-override-gate-review.test.ts and its .full copy).
export const OVERRIDES = [
  '\u202e',
  '\\u202E',
  '\\u202e',
  '%E2%80%AE',
  '%e2%80%ae',
  '&#x202e;',
  '&#X202E;',
  '&#x000202e;',
  '&#8238;',
  '&#0008238;',
  '\\u{202e}',
  '\\u{00202E}',
  '\\x{202e}',
  '\\U0000202E',
  '\\U0000202e',
  '\\xe2\\x80\\xae',
  '\\xE2\\x80\\xAE',
  '\\342\\200\\256',
];
