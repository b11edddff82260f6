import { profiles, type ProfileName } from '../../core/routes/profiles.js';
import type { RouteTable } from '../../core/routes/routes.js';
import { fail } from './http-error.js';
import { REFUSAL_MESSAGES } from './messages.js';

/**
 * How one simulated server behaves where SERVICE.md and the deployed server differ. Data only: the
 * routes read it, so a profile is one table here, as it is one route table in the client.
 */
export interface ServerProfile {
  readonly name: ProfileName;
  /** Methods and paths: the client's own route table of the same profile. */
  readonly routes: RouteTable;
  /** Authorization schemes accepted (lower case); any other header is anonymous (401). */
  readonly authSchemes: readonly string[];
  /** A token that is unknown or expired: SERVICE.md's 401 `{detail}`, or the deployed `{error, is_authenticated}`. */
  readonly tokenRefusal: 'detail' | 'error';
  /** Routes answered without credentials too (a bad token is still refused). */
  readonly publicRoutes: readonly string[];
  /** The checking type whose token `pay` takes. */
  readonly payableBagType: 'BAG' | 'PREVIEW';
  /** Body fields required beyond SERVICE.md, by route (`addSeat`: in each `add_seats` item). */
  readonly requiredFields: Readonly<
    Record<'registerCard' | 'pay' | 'consumableCheckout' | 'addSeat', readonly RequiredField[]>
  >;
  /** A seat change is refused whole (400), or answered 207 `{ data, errors }` item by item. */
  readonly seatChanges: 'all-or-nothing' | 'multi-status';
  /** Who may read a team's seats: its owner (SERVICE.md), or any signed-in user (the deployed server). */
  readonly seatReaders: 'owner' | 'anyone';
  /** Whether the owner may remove the owner's own seat (the deployed server: 204). */
  readonly ownerSeatRemovable: boolean;
  /** A seat's `seat_multiplier` scales its allocation and is echoed; or it is ignored (1x) with a `seat_log`. */
  readonly seatMultipliers: boolean;
  /** Whether one seat can be read by id (`GET .../seat/{seat_id}`: the deployed server's, not in SERVICE.md). */
  readonly readsSeatById: boolean;
  /** Whether the team's read shape carries `seats_log`, `period_start` and `period_end` (the deployed server's). */
  readonly teamHistory: boolean;
  /**
   * Where the server crashes (an HTML 500, nothing changed): a billing-team PUT holding any
   * setting, a seat change whose `add_seats` is not a list (the deployed server, every time).
   */
  readonly crashes: { readonly settingsPut: boolean; readonly seatListNotArray: boolean };
  /** A declined card is refused when registered (402), or registers and is refused at pay. */
  readonly declinesAt: 'card' | 'pay';
  /** The 404 of a bag token that cannot be paid (unknown, spent or expired). */
  readonly bagNotFound: string;
  /**
   * The deployed server's media rules: operation types kept to their scope (403 elsewhere),
   * `/academy/` uploads for the academy's staff only (the owner), the academy named by its slug,
   * finalize's `notification`, and the `meta` keys each type requires.
   */
  readonly media: {
    readonly scoped: boolean;
    readonly academyStaffOnly: boolean;
    readonly academyAs: 'id' | 'slug';
    readonly notification: boolean;
    readonly requiredMeta: Readonly<Record<string, readonly string[]>>;
  };
  /**
   * A multipart file part's name: as sent, or as the deployed server's parser (Django's) cleans it
   * (HTML entities unescaped, what follows the last `/` or backslash, no non-printables; none left: no
   * file), which is the name a chunk sent without a `filename` field is filed under.
   */
  readonly partFileNames: 'as-sent' | 'django';
  /** Whether bodies carry the deployed server's keys beyond SERVICE.md's (its plan, bag, invoice, subscription). */
  readonly deployedBodies: boolean;
  /** Refusals of bad input as DRF field errors (`{field: [...]}`), or as the deployed server's own `{detail}` words. */
  readonly detailRefusals: boolean;
  /** A refused seat item's message: naming the e-mail (the simulator's), or the deployed server's plain text. */
  readonly seatRefusals: 'with-email' | 'plain';
  /** A seat checkout's `how_many`: seats to add, or the desired total. */
  readonly seatCheckout: 'added' | 'total';
  /** Finalize's `meta`: a JSON-encoded string or an object, or an object only. */
  readonly finalizeMeta: 'string-or-object' | 'object';
  /** What an unknown path answers: a JSON 404, or Django's HTML page. */
  readonly notFound: 'json' | 'html';
  /** What a server error (500) looks like: JSON `{detail}`, or Django's HTML page. */
  readonly serverError: 'json' | 'html';
  /** Bodies longer than this many bytes go compressed (node server only); null: never. */
  readonly compressAbove: number | null;
  /** The owner-only message, by what was attempted. */
  readonly ownerOnly: Readonly<Record<'team' | 'seats' | 'seatCheckout', string>>;
  /** Money in answers: decimal strings (SERVICE.md), or JSON numbers (`50.0`: Django FloatFields). */
  readonly amounts: 'string' | 'number';
  /** Seats beyond `team_seats`: 0, or 1 where the owner's seat is free (`additional_seats + 1`). */
  readonly freeOwnerSeats: 0 | 1;
  /** A second preview of the same user reuses their unpaid preview bag (answered 200, not 201). */
  readonly reusesPreview: boolean;
  /** A preview of a plan the user already has a subscription to is refused (400). */
  readonly refusesOwnedPlan: boolean;
  /** Seats added by e-mail come back as invites (`user: null`), or with the user's id. */
  readonly addedSeatUser: 'user' | 'invite';
  /** Consumable checkout: `service` as a slug or also an id; `subscription` for every service or only the seat service. */
  readonly checkout: {
    readonly serviceById: boolean;
    readonly subscriptionFor: 'every-service' | 'seat-service';
  };
  /** The billing team PUT: the whole configuration, or any subset of it (`{}` changes nothing). */
  readonly billingTeamPut: 'whole' | 'partial';
  /** A refused draw: SERVICE.md's named caps, or the deployed server's one "Insuficient credits". */
  readonly consumptionRefusals: 'named' | 'insufficient-credits';
  /** How long after a team subscription appears its billing team is built, by default (ms). */
  readonly billingTeamDelayMs: (random: () => number) => number;
}

/** A field a server requires, and how it answers when the field is missing. */
export interface RequiredField {
  readonly field: string;
  readonly status: number;
  readonly message: string;
}

const OWNER_ONLY_TEAM = 'Only the owner can manage team';

/** The two servers, side by side. */
export const SERVER_PROFILES: Readonly<Record<ProfileName, ServerProfile>> = {
  spec: {
    name: 'spec',
    routes: profiles.spec.routes,
    authSchemes: ['bearer', 'token'],
    tokenRefusal: 'detail',
    publicRoutes: [],
    payableBagType: 'BAG',
    requiredFields: { registerCard: [], pay: [], consumableCheckout: [], addSeat: [] },
    seatChanges: 'all-or-nothing',
    seatRefusals: 'with-email',
    seatReaders: 'owner',
    ownerSeatRemovable: false,
    seatMultipliers: true,
    readsSeatById: false,
    teamHistory: false,
    crashes: { settingsPut: false, seatListNotArray: false },
    declinesAt: 'pay',
    bagNotFound: 'Invalid bag token',
    media: {
      scoped: false,
      academyStaffOnly: false,
      academyAs: 'id',
      notification: false,
      requiredMeta: {},
    },
    detailRefusals: false,
    deployedBodies: false,
    partFileNames: 'as-sent',
    seatCheckout: 'added',
    finalizeMeta: 'string-or-object',
    notFound: 'json',
    serverError: 'json',
    compressAbove: null,
    ownerOnly: { team: OWNER_ONLY_TEAM, seats: OWNER_ONLY_TEAM, seatCheckout: OWNER_ONLY_TEAM },
    amounts: 'string',
    freeOwnerSeats: 0,
    reusesPreview: false,
    refusesOwnedPlan: false,
    addedSeatUser: 'user',
    checkout: { serviceById: false, subscriptionFor: 'every-service' },
    billingTeamPut: 'whole',
    consumptionRefusals: 'named',
    billingTeamDelayMs: () => 0,
  },
  deployed: {
    name: 'deployed',
    routes: profiles.deployed.routes,
    authSchemes: ['token'],
    tokenRefusal: 'error',
    publicRoutes: [`GET ${profiles.deployed.routes.getPlan.path}`],
    payableBagType: 'PREVIEW',
    requiredFields: {
      registerCard: [
        { field: 'academy', status: 400, message: 'Missing academy parameter' },
        { field: 'exp_month', status: 404, message: 'Missing card information' },
        { field: 'exp_year', status: 404, message: 'Missing card information' },
      ],
      pay: [{ field: 'payment_method_id', status: 400, message: 'Payment method is required' }],
      consumableCheckout: [
        { field: 'academy', status: 400, message: 'Academy is required' },
        { field: 'service', status: 400, message: REFUSAL_MESSAGES.serviceRequired },
      ],
      addSeat: [
        {
          field: 'cohort_id',
          status: 400,
          message: 'You must select a cohort for the invited member',
        },
      ],
    },
    seatChanges: 'multi-status',
    seatRefusals: 'plain',
    seatReaders: 'anyone',
    ownerSeatRemovable: true,
    seatMultipliers: false,
    readsSeatById: true,
    teamHistory: true,
    crashes: { settingsPut: true, seatListNotArray: true },
    declinesAt: 'card',
    bagNotFound: REFUSAL_MESSAGES.bagNotFound,
    media: {
      scoped: true,
      academyStaffOnly: true,
      academyAs: 'slug',
      notification: true,
      requiredMeta: { media: ['slug', 'name', 'categories', 'academy'] },
    },
    detailRefusals: true,
    deployedBodies: true,
    partFileNames: 'django',
    seatCheckout: 'total',
    finalizeMeta: 'object',
    notFound: 'html',
    serverError: 'html',
    compressAbove: 10 * 1024,
    ownerOnly: {
      team: OWNER_ONLY_TEAM,
      seats: 'Only the owner can manage team members',
      seatCheckout: 'Only the owner can manage seats',
    },
    amounts: 'number',
    freeOwnerSeats: 1,
    reusesPreview: true,
    refusesOwnedPlan: true,
    addedSeatUser: 'invite',
    checkout: { serviceById: true, subscriptionFor: 'seat-service' },
    billingTeamPut: 'partial',
    consumptionRefusals: 'insufficient-credits',
    // Its background task lists the subscription before the team exists (seen: has_billing_team
    // false, billing-team 404, right after the subscription appeared).
    billingTeamDelayMs: (random) => 500 + Math.floor(random() * 1500),
  },
};

/** The first required field `body` lacks under `profile`, or undefined when it has them all. */
export function missingField(
  profile: ServerProfile,
  route: keyof ServerProfile['requiredFields'],
  body: Record<string, unknown>,
): RequiredField | undefined {
  return profile.requiredFields[route].find(
    ({ field }) => body[field] == null || body[field] === '',
  );
}

/** Answers as the server does when `body` lacks a field the profile requires on `route`. */
export function requireFields(
  profile: ServerProfile,
  route: 'registerCard' | 'pay' | 'consumableCheckout',
  body: Record<string, unknown>,
): void {
  const missing = missingField(profile, route, body);
  if (missing) fail(missing.status, missing.message);
}

/** The server profile of a name; a TypeError names the choices for anything else. */
export function serverProfile(name: unknown = 'spec'): ServerProfile {
  if (name === 'spec' || name === 'deployed') return SERVER_PROFILES[name];
  throw new TypeError(
    `simulator: unknown profile ${JSON.stringify(name)} (use 'spec' or 'deployed')`,
  );
}
