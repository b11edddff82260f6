// What a call came to, for the tests that judge either way: its value or its error, never a
// rejection left to catch (several runs raced, each looked at after).

/** `run`'s value (`error` undefined), or its error (`value` undefined). */
export const outcomeOf = <T>(run: Promise<T>) =>
  run.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
