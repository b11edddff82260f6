import { afterEach, describe, expect, it } from 'vitest';
import { BillingTeamSchema } from '../../src/schemas/index.js';
import { call, closeServers, expectSchema, ownedTeam } from './support.js';

afterEach(closeServers);

describe('billing team settings', () => {
  it('answers the read shape on GET and PUT, and the PATCH shape on PATCH', async () => {
    const { server, owner, subscription, path } = await ownedTeam('team-per-team', 2);
    const read = (await call(server, owner.token, 'GET', path)).body;
    expectSchema(BillingTeamSchema, read);
    expect(read).toEqual({
      id: expect.any(Number),
      subscription,
      name: `Team ${subscription}`,
      seats_limit: 2,
      seats_count: 1,
      consumption_strategy: 'PER_TEAM',
      auto_recharge_enabled: false,
      recharge_threshold_amount: '10.00',
      recharge_amount: '10.00',
      max_period_spend: null,
      current_period_spend: 0,
      currency: 'USD',
    });
    const patched = (
      await call(server, owner.token, 'PATCH', path, {
        auto_recharge_enabled: true,
        max_monthly_spend: '50',
      })
    ).body;
    expectSchema(BillingTeamSchema, patched);
    expect(Object.keys(patched).sort()).toEqual([
      'auto_recharge_enabled',
      'consumption_strategy',
      'current_month_spend',
      'id',
      'last_recharge_reset_at',
      'max_monthly_spend',
      'name',
      'recharge_amount',
      'recharge_threshold_amount',
      'seats_limit',
      'subscription',
    ]);
    expect(patched).toMatchObject({
      auto_recharge_enabled: true,
      max_monthly_spend: '50.00',
      current_month_spend: '0.00',
    });
    const put = (
      await call(server, owner.token, 'PUT', path, {
        auto_recharge_enabled: false,
        recharge_threshold_amount: 2.5,
        recharge_amount: '4',
        max_period_spend: '12.00',
      })
    ).body;
    expectSchema(BillingTeamSchema, put);
    expect(put).toMatchObject({
      auto_recharge_enabled: false,
      recharge_threshold_amount: '2.50',
      recharge_amount: '4.00',
      max_period_spend: '12.00',
      seats_count: 1,
    });
  });

  it('treats max_monthly_spend and max_period_spend as one setting', async () => {
    const { server, owner, path } = await ownedTeam();
    await call(server, owner.token, 'PATCH', path, { max_monthly_spend: '30.00' });
    expect((await call(server, owner.token, 'GET', path)).body.max_period_spend).toBe('30.00');
    await call(server, owner.token, 'PUT', path, {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '1',
      recharge_amount: '1',
      max_period_spend: null,
    });
    expect(
      (await call(server, owner.token, 'PATCH', path, { recharge_amount: '2' })).body
        .max_monthly_spend,
    ).toBeNull();
  });

  it.each([
    [
      'PUT',
      {},
      ['auto_recharge_enabled', 'max_period_spend', 'recharge_amount', 'recharge_threshold_amount'],
    ],
    [
      'PUT',
      { auto_recharge_enabled: true, recharge_threshold_amount: '1', recharge_amount: '1' },
      ['max_period_spend'],
    ],
    ['PATCH', { auto_recharge_enabled: 'yes' }, ['auto_recharge_enabled']],
    ['PATCH', { recharge_amount: '-1.00' }, ['recharge_amount']],
    ['PATCH', { recharge_threshold_amount: '1.234' }, ['recharge_threshold_amount']],
    ['PATCH', { max_monthly_spend: 'ten' }, ['max_monthly_spend']],
  ])('%s %j answers 400 naming %j', async (method, body, fields) => {
    const { server, owner, path } = await ownedTeam();
    const answer = await call(server, owner.token, method, path, body);
    expect(answer.status).toBe(400);
    expect(
      Object.keys(answer.body)
        .filter((key) => key !== 'status_code')
        .sort(),
    ).toEqual(fields);
  });
});
