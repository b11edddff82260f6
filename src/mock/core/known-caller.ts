import type { SimulatorState } from '../state/state.js';
import { authenticate } from './auth.js';

/** The state of each simulator `createSimulator` made, for its server to look callers up in. */
const states = new WeakMap<object, SimulatorState>();

/** Records the state behind `simulator`; returns the simulator. */
export function withState<S extends object>(simulator: S, state: SimulatorState): S {
  states.set(simulator, state);
  return simulator;
}

/**
 * Whether `headers` authenticate a caller of `simulator` (its `Authorization`, as every route
 * checks it), so that a server reads no body of a caller it will answer 401; undefined for a
 * simulator `createSimulator` did not make (its server cannot tell before handling).
 */
export function knownCaller(simulator: object, headers: Headers): boolean | undefined {
  const state = states.get(simulator);
  if (!state) return undefined;
  try {
    authenticate(state, new Request('http://simulator.invalid/', { headers }));
    return true;
  } catch {
    return false;
  }
}
