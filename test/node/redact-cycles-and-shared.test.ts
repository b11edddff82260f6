import { afterEach, describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

// The copy's cycle guard is the path of containers walked into (keycost13: no Set per copy) and
// its keys are read without an array of them: a cycle is a marker wherever it closes, an object
// met twice side by side is copied twice, and only own keys are copied, in their order.

describe('redactSecrets: cycles, shared values and own keys', () => {
  const token = 'tok_live_5d41402abc4b2a76b9719d911017c592';

  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).inherited;
  });

  it('marks a cycle wherever it closes, and copies an object met again off the path', () => {
    const shared: Record<string, unknown> = { note: `token ${token}` };
    const root: Record<string, unknown> = { a: shared, b: [shared, { c: shared }] };
    const deep: Record<string, unknown> = { up: root };
    shared.back = root; // closes two levels down (and three, under b)
    root.deep = deep;
    deep.self = deep;
    const copy = redactSecrets(root, [token]);
    expect(copy).toEqual({
      a: { note: 'token [REDACTED]', back: '[Circular]' },
      b: [
        { note: 'token [REDACTED]', back: '[Circular]' },
        { c: { note: 'token [REDACTED]', back: '[Circular]' } },
      ],
      deep: { up: '[Circular]', self: '[Circular]' },
    });
    // Siblings walked after a deeper branch: what that branch left behind is not a cycle.
    const leaf = { x: 1 };
    const wide = { first: { second: { third: leaf } }, again: leaf, list: [leaf, leaf] };
    expect(redactSecrets(wide, [token])).toEqual({
      first: { second: { third: { x: 1 } } },
      again: { x: 1 },
      list: [{ x: 1 }, { x: 1 }],
    });
  });

  it('copies own keys only, in their order, whatever Object.prototype holds', () => {
    (Object.prototype as Record<string, unknown>).inherited = token;
    const value = JSON.parse(`{"b":1,"2":"two","a":{"t":"${token}"},"1":"one"}`) as object;
    const copy = redactSecrets(value, [token]);
    expect(Object.keys(copy)).toEqual(['1', '2', 'b', 'a']);
    expect(Object.hasOwn(copy, 'inherited')).toBe(false);
    expect(JSON.stringify(copy)).toBe('{"1":"one","2":"two","b":1,"a":{"t":"[REDACTED]"}}');
  });
});
