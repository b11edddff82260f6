// Hostile and near-valid values for the property-based input tests: anything at all, plus values
// that are almost right (the right shape with one field wrong, boundary numbers, odd strings).
import fc from 'fast-check';

/** An object that refers to itself: JSON.stringify throws on it. */
const circular: Record<string, unknown> = { name: 'loop' };
circular.self = circular;

/** An own `__proto__` key, as JSON.parse makes it (a literal would set the prototype instead). */
const ownProto = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');

/** Values that break naive code: every one of them is a value a caller can really pass. */
export const SPECIAL_VALUES: unknown[] = [
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  Number.MAX_SAFE_INTEGER + 1,
  Number.MIN_VALUE,
  1e21,
  -1,
  2 ** 31,
  10n,
  '',
  ' ',
  '\u0000',
  '\ud800',
  '__proto__',
  'constructor',
  circular,
  ownProto,
  Object.create(null),
  Object.create({ inherited: 'x' }),
  [],
  [undefined],
  new Date(Number.NaN),
  Symbol('s'),
  () => undefined,
  Promise.resolve(1),
  new Uint8Array(3),
  new Blob(['blob']),
  new Map([['a', 1]]),
  new (class Custom {
    field = 1;
  })(),
];

/** Strings that are valid JavaScript strings but hostile in URLs, headers, JSON or multipart. */
export const SPECIAL_STRINGS: string[] = [
  '',
  ' ',
  '.',
  '..',
  '%2e%2e',
  '../../v1/payments/pay',
  'http://evil.test/x',
  '//evil.test',
  '?query=1',
  '#fragment',
  'a/b',
  'line\r\nbreak',
  'tab\tin',
  'quote"d',
  'nul\u0000byte',
  'lone\ud800surrogate',
  '\udfff',
  'ñandú',
  '😀 emoji',
  'é\u0301',
  '__proto__',
  'constructor',
  'toString',
  // Long, but under the 8 KiB URL limit of msw's matcher, so it can also be a path parameter.
  'x'.repeat(6_000),
];

/** Anything at all: every kind of JavaScript value fast-check can make, plus the special ones. */
export const anything = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      arbitrary: fc.anything({
        withBigInt: true,
        withBoxedValues: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withNullPrototype: true,
        withObjectString: true,
        withSparseArray: true,
        withTypedArray: true,
        stringUnit: 'binary',
        maxDepth: 3,
      }),
      weight: 3,
    },
    { arbitrary: fc.constantFrom(...SPECIAL_VALUES), weight: 1 },
    { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 1 },
  );

/** Strings of every kind: any code unit (lone surrogates included) and the special ones. */
export const anyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(...SPECIAL_STRINGS),
  );

/** Numbers of every kind: integers, doubles, boundaries, NaN, infinities, -0. */
export const anyNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.integer(),
    fc.double(),
    fc.constantFrom(
      0,
      -0,
      1,
      -1,
      0.5,
      1e21,
      1e-7,
      5e-324,
      2 ** 53,
      Number.MAX_SAFE_INTEGER,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ),
  );

/** A value of the right kind most of the time, a hostile one otherwise. */
export const mostly = <T>(valid: fc.Arbitrary<T>, weight = 3): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: valid, weight },
    { arbitrary: anything(), weight: 1 },
    { arbitrary: anyString(), weight: 1 },
    { arbitrary: anyNumber(), weight: 1 },
  );

/** `record` with `key` set to `value` as an own, enumerable key (even `__proto__`). */
function withKey(record: Record<string, unknown>, key: string, value: unknown) {
  const copy: Record<string, unknown> = { ...record };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * Objects with the given fields: all valid; or exactly one field wrong or missing (the most
 * telling case); or with extra keys holding hostile values (BigInt, cycles, `__proto__`), which
 * loose schemas pass through; or every field anything.
 */
export function nearValid(
  fields: Record<string, fc.Arbitrary<unknown>>,
  { required = [] as string[] } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  const allValid = fc.record(fields, { requiredKeys: required });
  const wrong = fc.oneof(anything(), anyString(), anyNumber(), fc.constant(undefined));
  const oneWrong = fc.tuple(allValid, fc.constantFrom(...keys), wrong).map(([base, key, value]) => {
    if (value !== undefined) return withKey(base, key, value);
    const { [key]: _dropped, ...rest } = base;
    return rest;
  });
  const extraKeys = fc
    .tuple(allValid, fc.dictionary(anyString(), anything(), { minKeys: 1, maxKeys: 3 }))
    .map(([base, extra]) =>
      Object.entries(extra).reduce((record, [key, value]) => withKey(record, key, value), base),
    );
  const anyFields = fc.record(
    Object.fromEntries(keys.map((key) => [key, mostly(fields[key]!, 1)])),
    { requiredKeys: [] },
  );
  return fc.oneof(
    { arbitrary: allValid, weight: 3 },
    { arbitrary: oneWrong, weight: 3 },
    { arbitrary: extraKeys, weight: 1 },
    { arbitrary: anyFields, weight: 1 },
  );
}

/** Whole argument lists: totally arbitrary ones (any length), or near-valid ones. */
export function argumentLists(nearValidArgs: fc.Arbitrary<unknown[]>): fc.Arbitrary<unknown[]> {
  return fc.oneof(
    { arbitrary: fc.array(anything(), { maxLength: 3 }), weight: 1 },
    { arbitrary: nearValidArgs, weight: 3 },
  );
}

/** A positive id, or something that looks like one. */
export const idLike = (): fc.Arbitrary<unknown> => mostly(fc.integer({ min: 1, max: 2 ** 31 }), 3);

/** Valid values for common fields. */
export const valid = {
  email: () =>
    fc.oneof(
      fc.stringMatching(/^[a-z]{1,8}([.+_-][a-z0-9]{1,5})?@[a-z]{1,10}\.(com|org|io)$/),
      fc.constantFrom('ada@example.com', 'bob+x@example.org'),
      // RFC-valid but unusual addresses: the SDK may refuse some, never crash on them.
      fc.emailAddress(),
    ),
  slug: () => fc.oneof(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.constantFrom('team')),
  decimal: () =>
    fc.oneof(
      fc.stringMatching(/^\d{1,6}(\.\d{1,2})?$/),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
    ),
  digits: (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`)),
};

/**
 * The last `RequestOptions` argument: absent, anything, or a near-valid object whose signal,
 * timeout, maxRetries and headers may each be wrong.
 */
export function requestOptions(): fc.Arbitrary<unknown> {
  const signal = fc.oneof(
    fc.constant(undefined),
    fc.constant('aborted-signal'),
    fc.constant('live-signal'),
    anything(),
  );
  const headers = fc.oneof(
    fc.constant({ 'x-trace': 'abc' }),
    fc.dictionary(anyString(), anyString(), { maxKeys: 2 }),
    anything(),
  );
  const options = fc
    .record(
      {
        signal,
        timeout: fc.oneof(fc.integer({ min: 0, max: 5_000 }), anyNumber(), anything()),
        maxRetries: fc.oneof(fc.integer({ min: 0, max: 2 }), anyNumber(), anything()),
        headers,
      },
      { requiredKeys: [] },
    )
    .map((record) => {
      // Real signals are made per run, so an aborted one never leaks into another run.
      if (record.signal === 'aborted-signal') return { ...record, signal: AbortSignal.abort() };
      if (record.signal === 'live-signal')
        return { ...record, signal: new AbortController().signal };
      return record;
    });
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: options, weight: 2 },
    { arbitrary: anything(), weight: 1 },
  );
}
