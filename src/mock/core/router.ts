import type { FaultSpec } from './faults.js';
import type { MockUser, SimulatorState } from '../state/state.js';

/** What a route handler gets: the state, the request, its path parameters and the caller. */
export interface RouteContext {
  state: SimulatorState;
  request: Request;
  params: Record<string, string>;
  user: MockUser;
  /** The fault that hit this request, for the routes that play one (pay). */
  fault?: FaultSpec | undefined;
}

export type RouteHandler = (context: RouteContext) => Response | Promise<Response>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** The path as SERVICE.md writes it, with `{name}` placeholders. */
  path: string;
  handler: RouteHandler;
  /** Answered for anyone, without looking at the token (the simulator's own document route). */
  open?: boolean;
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDefinition; params: Record<string, string> }
  | { kind: 'wrong-method' }
  | { kind: 'none' };

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
}

/** Matches "METHOD /path" against the route table; a path parameter is one non-empty segment. */
export class Router {
  readonly #compiled: CompiledRoute[];

  constructor(routes: readonly RouteDefinition[]) {
    this.#compiled = routes.map((route) => ({ route, pattern: compile(route.path) }));
  }

  /** Every route as "METHOD /path-template", in table order. */
  get templates(): string[] {
    return this.#compiled.map(({ route }) => `${route.method} ${route.path}`);
  }

  match(method: string, path: string): RouteMatch {
    let pathKnown = false;
    for (const { route, pattern } of this.#compiled) {
      const found = pattern.exec(path);
      if (!found) continue;
      pathKnown = true;
      if (route.method === method)
        return { kind: 'found', route, params: decodeGroups(found.groups) };
    }
    return pathKnown ? { kind: 'wrong-method' } : { kind: 'none' };
  }
}

function compile(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/]+)')}$`);
}

function decodeGroups(groups: Record<string, string> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(groups ?? {}))
    params[name] = decodeURIComponent(value);
  return params;
}
