// A consumer program compiled under each module setting (test/ecosystem/typescript-consumers):
// the types of the main entry, errors narrowed by instanceof, ky's hook types, an upload.
import {
  AuthenticationError,
  createClient,
  SeatpayError,
  type ClientOptions,
  type Plan,
  type PurchaseResult,
} from 'seatpay';

const options: ClientOptions = {
  baseUrl: 'https://api.example.com',
  token: () => 'token',
  hooks: {
    beforeRequest: [({ request }) => void request.headers.set('x-trace', '1')],
    afterResponse: [({ response }) => void response.status],
  },
};
const client = createClient(options);

export async function buy(): Promise<PurchaseResult> {
  const plan: Plan = await client.plans.get('team-per-seat');
  return client.purchase({
    plan: plan.slug,
    team_seats: 3,
    card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
    chosen_period: 'MONTH',
  });
}

export async function upload(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stored = await client.media.upload(new Blob([bytes]), {
    operation_type: 'media',
    filename: 'a.bin',
  });
  return stored.id;
}

export function describeError(error: unknown): string {
  if (error instanceof AuthenticationError) return `sign in again (${error.status})`;
  if (error instanceof SeatpayError) return error.name;
  // @ts-expect-error -- a narrowed SeatpayError is gone here: `error` is unknown again
  return error.message;
}
