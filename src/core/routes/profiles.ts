import { deployedRoutes } from './deployed-routes.js';
import { routes, type RouteTable } from './routes.js';

/**
 * Which server a client talks to: `'spec'` (SERVICE.md, the default) or `'deployed'` (the server
 * that is really deployed, as reference/live-api.md records it).
 *
 * @example
 * ```ts
 * const profile: ProfileName = process.env.SEATPAY_PROFILE === 'deployed' ? 'deployed' : 'spec';
 * const client = createClient({ baseUrl, token, profile });
 * ```
 * @category Client
 */
export type ProfileName = 'spec' | 'deployed';

/**
 * What a profile is: data, not code. Its route table (methods, paths, the body fields each route
 * fixes, JSON-encodes or requires, the routes that server lacks) and its auth scheme. Every
 * resource method looks its route up by name in the client's profile; none branches on the
 * profile.
 *
 * @example
 * ```ts
 * import { profiles, type Profile } from 'seatpay';
 *
 * const deployed: Profile = profiles.deployed;
 * console.log(deployed.authScheme, deployed.routes.registerCard.method); // Token POST
 * ```
 * @category Client
 */
export interface Profile {
  /** The profile's name, as `createClient({ profile })` takes it. */
  readonly name: ProfileName;
  /** One route per resource call, by name. */
  readonly routes: RouteTable;
  /** The scheme in `Authorization: <scheme> <token>`, unless the client sets `authScheme`. */
  readonly authScheme: string;
}

/**
 * Every profile, by name: `profiles.spec` follows SERVICE.md; `profiles.deployed` follows the
 * deployed server (`Authorization: Token`, PUT for checking and chunks, POST for the card, the
 * consumables listing under `/v1/payments/me/service/consumable`, `meta` as an object, bags made
 * as previews, no PATCH on the billing team).
 *
 * @example
 * ```ts
 * import { profiles } from 'seatpay';
 *
 * const { spec, deployed } = profiles;
 * console.log(spec.routes.checking.method, deployed.routes.checking.method); // POST PUT
 * ```
 * @category Client
 */
export const profiles: Readonly<Record<ProfileName, Profile>> = {
  spec: { name: 'spec', routes, authScheme: 'Bearer' },
  deployed: { name: 'deployed', routes: deployedRoutes, authScheme: 'Token' },
};

/**
 * The profile of a name, or undefined for a name that is not one (checked by the caller, which
 * knows how to report it).
 */
export function profileNamed(name: unknown): Profile | undefined {
  return name === 'spec' || name === 'deployed' ? profiles[name] : undefined;
}
