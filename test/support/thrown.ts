// What a synchronous call threw, for a test that must undo something (a stubbed global) before it
// looks at the error.

/** The error `run` threw; `undefined` when it returned (the test's expectations then fail). */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
