/**
 * The plan catalog every simulator starts with. The slugs are part of the simulator's contract
 * (tests and the demo name them); the bodies are what `GET /v1/payments/plan/{slug}` answers.
 */

/**
 * A service of the simulator's catalog: `team-seat` (the seat service, type `SEAT`),
 * `ai-credits`, `mentorship` and `live-classes` (type `VOID`).
 *
 * @example
 * ```ts
 * const seatService: CatalogService | undefined =
 *   simulator.catalog['team-per-seat'].seat_service_price?.service; // slug 'team-seat'
 * ```
 * @category Simulator
 */
export interface CatalogService {
  /** The service's id. */
  id: number;
  /** What `consumables.checkout` and `simulator.consume` take as `service`. */
  slug: string;
  /** A human-readable name. */
  title: string;
  /** `'SEAT'` for the seat service, whose checkout adds seats; `'VOID'` for the others. */
  type: 'VOID' | 'SEAT';
}

/**
 * What a catalog plan grants of one service: `ai-credits` (10 units, team-allowed on team plans,
 * 1.00 each), `mentorship` (5, owner only) and `live-classes` (unlimited).
 *
 * @example
 * ```ts
 * const credits: CatalogServiceItem | undefined = simulator.catalog['team-per-team'].service_items
 *   .find((item) => item.service.slug === 'ai-credits');
 * console.log(credits?.how_many, credits?.price_per_unit); // 10 '1.00'
 * ```
 * @category Simulator
 */
export interface CatalogServiceItem {
  /** The item's id. */
  id: number;
  /** Always `'UNIT'`. */
  unit_type: 'UNIT';
  /** Units granted; -1 for unlimited. */
  how_many: number;
  /** `true`: the team or its seats receive the units; `false`: the owner alone does. */
  is_team_allowed: boolean;
  /** What one unit costs in a manual or automatic recharge. */
  price_per_unit: string;
  /** The service granted. */
  service: CatalogService;
}

/**
 * A plan of the simulator's catalog, as `GET /v1/payments/plan/{slug}` answers it:
 * `team-per-seat` (`PER_SEAT`), `team-per-team` (`PER_TEAM`) or `personal` (no team).
 *
 * @example
 * ```ts
 * const plan: CatalogPlan = simulator.catalog['team-per-seat'];
 * console.log(plan.id, plan.price_per_month); // the id to pass to client.checking
 * ```
 * @category Simulator
 */
export interface CatalogPlan {
  /** The plan's id, as `checking` takes it in `plans`. */
  id: number;
  /** The plan's slug, as `plans.get` takes it. */
  slug: string;
  /** A human-readable name. */
  title: string;
  /** Always `'ACTIVE'`. */
  status: 'ACTIVE';
  /** How a team plan shares its consumables; null for `personal`. */
  consumption_strategy: 'PER_TEAM' | 'PER_SEAT' | null;
  /** The monthly price (decimal string). */
  price_per_month: string;
  /** Not sold by quarter: always null. */
  price_per_quarter: null;
  /** Not sold by half year: always null. */
  price_per_half: null;
  /** The yearly price (decimal string). */
  price_per_year: string;
  /** The currency of the prices (`USD`). */
  currency: {
    /** The ISO 4217 code (`'USD'`). */
    code: string;
    /** A human-readable name (`'US Dollar'`). */
    name: string;
  };
  /** Always true: the subscription renews. */
  is_renewable: boolean;
  /** The services the plan grants. */
  service_items: CatalogServiceItem[];
  /** The price of one seat on the team plans (`15.00`); null for `personal`. */
  seat_service_price: {
    /** The price entry's id. */
    id: number;
    /** The price of one seat (decimal string). */
    price_per_unit: string;
    /** The currency of the price. */
    currency: {
      /** The ISO 4217 code (`'USD'`). */
      code: string;
      /** A human-readable name (`'US Dollar'`). */
      name: string;
    };
    /** The seat service. */
    service: CatalogService;
  } | null;
}

/**
 * The slug of a catalog plan.
 *
 * @example
 * ```ts
 * const slug: PlanSlug = 'team-per-team';
 * const plan = await client.plans.get(slug);
 * ```
 * @category Simulator
 */
export type PlanSlug = 'team-per-seat' | 'team-per-team' | 'personal';

export const CURRENCY = { code: 'USD', name: 'US Dollar' };
export const ACADEMY = { id: 1, slug: 'seatpay-academy', name: 'Seatpay Academy' };

const SERVICES = {
  seat: { id: 1, slug: 'team-seat', title: 'Team seat', type: 'SEAT' },
  aiCredits: { id: 2, slug: 'ai-credits', title: 'AI credits', type: 'VOID' },
  mentorship: { id: 3, slug: 'mentorship', title: 'Mentorship sessions', type: 'VOID' },
  liveClasses: { id: 4, slug: 'live-classes', title: 'Live classes', type: 'VOID' },
} satisfies Record<string, CatalogService>;

function serviceItems(firstId: number, teamAllowed: boolean): CatalogServiceItem[] {
  const item = (
    offset: number,
    service: CatalogService,
    how_many: number,
    is_team_allowed: boolean,
    price: string,
  ) => ({
    id: firstId + offset,
    unit_type: 'UNIT' as const,
    how_many,
    is_team_allowed,
    price_per_unit: price,
    service,
  });
  return [
    item(0, SERVICES.aiCredits, 10, teamAllowed, '1.00'),
    item(1, SERVICES.mentorship, 5, false, '5.00'),
    item(2, SERVICES.liveClasses, -1, teamAllowed, '2.00'),
  ];
}

function teamPlan(
  id: number,
  slug: PlanSlug,
  strategy: 'PER_TEAM' | 'PER_SEAT',
  month: string,
  year: string,
): CatalogPlan {
  return {
    id,
    slug,
    title: strategy === 'PER_SEAT' ? 'Team, per seat' : 'Team, shared pool',
    status: 'ACTIVE',
    consumption_strategy: strategy,
    price_per_month: month,
    price_per_quarter: null,
    price_per_half: null,
    price_per_year: year,
    currency: CURRENCY,
    is_renewable: true,
    service_items: serviceItems(id * 10, true),
    seat_service_price: {
      id: id * 10 + 9,
      price_per_unit: '15.00',
      currency: CURRENCY,
      service: SERVICES.seat,
    },
  };
}

/** A fresh catalog per simulator, so one instance's changes never leak into another. */
export function createCatalog(): Record<PlanSlug, CatalogPlan> {
  return {
    'team-per-seat': teamPlan(1, 'team-per-seat', 'PER_SEAT', '59.99', '599.99'),
    'team-per-team': teamPlan(2, 'team-per-team', 'PER_TEAM', '99.00', '990.00'),
    personal: {
      id: 3,
      slug: 'personal',
      title: 'Personal',
      status: 'ACTIVE',
      consumption_strategy: null,
      price_per_month: '19.99',
      price_per_quarter: null,
      price_per_half: null,
      price_per_year: '199.99',
      currency: CURRENCY,
      is_renewable: true,
      service_items: serviceItems(30, false),
      seat_service_price: null,
    },
  };
}

export const SEAT_SERVICE_SLUG = SERVICES.seat.slug;

/** Every service the catalog sells, once each: the plans' services and the seat service. */
export function catalogServices(catalog: Record<PlanSlug, CatalogPlan>): CatalogService[] {
  const services = new Map<number, CatalogService>();
  for (const plan of Object.values(catalog)) {
    for (const item of plan.service_items) services.set(item.service.id, item.service);
    if (plan.seat_service_price)
      services.set(plan.seat_service_price.service.id, plan.seat_service_price.service);
  }
  return [...services.values()];
}
