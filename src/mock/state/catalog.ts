/**
 * The plan catalog every simulator starts with. The slugs are part of the simulator's contract
 * (tests and the demo name them); the bodies are what `GET /v1/payments/plan/{slug}` answers.
 */

export interface CatalogService {
  id: number;
  slug: string;
  title: string;
  type: 'VOID' | 'SEAT';
}

export interface CatalogServiceItem {
  id: number;
  unit_type: 'UNIT';
  how_many: number;
  is_team_allowed: boolean;
  /** What one unit costs in a manual or automatic recharge. */
  price_per_unit: string;
  service: CatalogService;
}

export interface CatalogPlan {
  id: number;
  slug: string;
  title: string;
  status: 'ACTIVE';
  consumption_strategy: 'PER_TEAM' | 'PER_SEAT' | null;
  price_per_month: string;
  price_per_quarter: null;
  price_per_half: null;
  price_per_year: string;
  currency: { code: string; name: string };
  is_renewable: boolean;
  service_items: CatalogServiceItem[];
  seat_service_price: {
    id: number;
    price_per_unit: string;
    currency: { code: string; name: string };
    service: CatalogService;
  } | null;
}

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
