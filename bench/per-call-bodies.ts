// What the simulator answers (bench/per-call.ts replays the same shapes over loopback).
export const BODIES: Record<string, string> = {
  '/v1/payments/plan/team-per-seat': JSON.stringify({
    id: 12,
    slug: 'team-per-seat',
    title: 'Team per seat',
    status: 'ACTIVE',
    consumption_strategy: 'PER_SEAT',
    price_per_month: '59.99',
    price_per_year: '479.99',
    service_items: [{ how_many: -1, service: { slug: 'ai-credits', title: 'AI credits' } }],
    seat_service_price: { price_per_unit: '12.50' },
  }),
  '/v1/payments/me/subscription': JSON.stringify({
    subscriptions: [{ id: 101, status: 'ACTIVE', plans: [{ slug: 'team-per-seat' }] }],
  }),
  '/v1/payments/checking': JSON.stringify({
    id: 7001,
    type: 'PREVIEW',
    status: 'CHECKING',
    token: '4259c1f1be6257098546a531a02d111a33fc7391',
    plans: [{ id: 1, slug: 'team-per-seat', title: 'Team, per seat', status: 'ACTIVE' }],
    currency: { code: 'USD', name: 'US Dollar' },
    is_recurrent: true,
    amount_per_month: '104.99',
    amount_per_quarter: null,
    amount_per_half: null,
    amount_per_year: '1139.99',
    seat_service_item: {
      id: 19,
      unit_type: 'UNIT',
      how_many: 3,
      is_team_allowed: true,
      service: { id: 1, slug: 'team-seat', title: 'Team seat', type: 'SEAT' },
    },
    expires_at: '2026-11-25T15:18:03.125Z',
  }),
};
