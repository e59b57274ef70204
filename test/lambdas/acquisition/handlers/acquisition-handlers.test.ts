import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, test } from 'vitest';
import { makeHandler as makeCalculate } from '../../../../lambdas/acquisition/handlers/acquisitionowl-calculate.handler';
import { makeHandler as makeGoals } from '../../../../lambdas/acquisition/handlers/acquisitionowl-calculate-goals.handler';
import { makeHandler as makeRoi } from '../../../../lambdas/acquisition/handlers/acquisitionowl-calculate-roi.handler';
import { makeHandler as makeOutlets } from '../../../../lambdas/acquisition/handlers/acquisitionowl-outlets.handler';
import { makeHandler as makeRegions } from '../../../../lambdas/acquisition/handlers/acquisitionowl-regions.handler';
import { makeHandler as makeSave } from '../../../../lambdas/acquisition/handlers/acquisitionowl-save.handler';
import { clientInfoOf } from '../../../../lambdas/companies/core/client-info';
import { acquisitionWorld } from '../fakes';

const http = (sub: string | null, body: unknown) =>
  ({
    routeKey: 'POST /x',
    body: JSON.stringify(body),
    requestContext: sub
      ? {
          authorizer: {
            jwt: { claims: { sub, email: `${sub}@example.com`, email_verified: 'true' } },
          },
        }
      : {},
  }) as unknown as APIGatewayProxyEventV2;
const ctx = {} as Context;
const json = (res: { body?: string }) => JSON.parse(res.body ?? '{}');

const PLAN = { budget_cents: 100_000, outlets: ['st-a', 'st-b'], spot_length_s: 30 };
const SAVED = {
  client_uid: 'client-a',
  goals_and_objectives: {
    ad_spend_cents: 250_000,
    goal: 'acquisitions',
    target: 40,
    regions: ['501'],
    outlets: ['st-a', 'st-b'],
    spot_length_s: 15,
    dayparts: ['radio:morning_drive'],
  },
  return_calculator: { conversion_rate_pct: 2.5, order_value_cents: 12_900 },
};

describe('which ratings a caller plans with', () => {
  test('a visitor gets the sample outlets, even when real ratings are published', async () => {
    const { deps } = await acquisitionWorld(['alice']);

    const res = await makeOutlets(deps)(http(null, {}), ctx);

    expect(res.statusCode).toBe(200);
    expect(json(res).result.kind).toBe('sample');
    expect(json(res).result.outlets.map((o: { id: string }) => o.id)).toEqual([
      'st-a',
      'st-c',
      'st-b',
    ]);
  });

  test('a signed-in caller without the gate gets sample; an entitled one gets real', async () => {
    const { deps } = await acquisitionWorld(['alice']);

    const bob = json(await makeCalculate(deps)(http('bob', PLAN), ctx)).result;
    const alice = json(await makeCalculate(deps)(http('alice', PLAN), ctx)).result;

    expect(bob.kind).toBe('sample');
    expect(alice.kind).toBe('real');
    // Real A is rated 200 vs 120 in the sample, but with no own VPA the outlet VPA (3) is used
    // either way: 1 airing of A (3 visits) + 2 of B (2 visits).
    expect(alice.visits).toBe(5);
  });

  test('regions list the markets with outlets', async () => {
    const { deps } = await acquisitionWorld();

    const res = await makeRegions(deps)(http(null, {}), ctx);

    expect(json(res).result).toEqual([
      { id: '501', name: 'New York, NY', parent: 'NY', outlets: 3 },
    ]);
  });
});

describe('daypart ratings stay behind their gate', () => {
  const MORNING = { ...PLAN, dayparts: ['radio:morning_drive'] };

  test.each([
    ['a visitor', null],
    ['a signed-in caller without Industry Insights', 'bob'],
  ])('%s asking for dayparts gets all-day ratings, said in the notes', async (_who, who) => {
    const { deps, reads } = await acquisitionWorld(['alice']);

    const res = await makeCalculate(deps)(http(who, MORNING), ctx);

    expect(res.statusCode).toBe(200);
    expect(reads.at(-1)?.filter.dayparts).toEqual([]);
    expect(json(res).result.notes).toContain(
      'Daypart ratings are part of Industry Insights, so this plan uses all-day ratings.',
    );
  });

  test('an entitled caller plans with the daypart ratings', async () => {
    const { deps, reads } = await acquisitionWorld(['alice']);

    await makeCalculate(deps)(http('alice', MORNING), ctx);

    expect(reads.at(-1)?.filter.dayparts).toEqual(['radio:morning_drive']);
  });
});

describe("the advertiser's own VPA", () => {
  test("the caller's own client: visits from own VPA × rating", async () => {
    const { deps } = await acquisitionWorld();

    const res = await makeCalculate(deps)(http('alice', { ...PLAN, client_uid: 'client-a' }), ctx);

    // Own VPA 2: A 2 × 1.2 = 2.4 a airing × 1 airing, B 2 × 0.8 = 1.6 × 2 airings = 3.2.
    expect(json(res).result).toMatchObject({ basis: 'own_vpa', own_vpa: 2, visits: 5.6 });
  });

  test.each([
    ["another customer's client", 'bob'],
    ['a visitor naming a client', null],
  ])('%s answers 404 and reveals nothing', async (_what, who) => {
    const { deps } = await acquisitionWorld();

    const calc = await makeCalculate(deps)(http(who, { ...PLAN, client_uid: 'client-a' }), ctx);
    const goals = await makeGoals(deps)(
      http(who, { ...PLAN, client_uid: 'client-a', goal: 'visits', target: 10 }),
      ctx,
    );

    expect([calc.statusCode, goals.statusCode]).toEqual([404, 404]);
    expect(calc.body).not.toContain('own_vpa');
  });
});

describe('input', () => {
  test('a bad budget is refused naming the field', async () => {
    const { deps } = await acquisitionWorld();

    const res = await makeCalculate(deps)(http(null, { ...PLAN, budget_cents: 10.5 }), ctx);

    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('budget_cents');
  });

  test('roi answers the hand-worked figures', async () => {
    const res = await makeRoi()(
      http(null, {
        budget_cents: 100_000,
        visits: 500,
        conversion_rate_pct: 2,
        order_value_cents: 15_000,
      }),
      ctx,
    );

    expect(json(res).result).toMatchObject({ revenue_cents: 150_000, roi_pct: 50 });
  });
});

describe('acquisitionowl_save', () => {
  test('keeps the plan on the client; fetch_client_info returns it', async () => {
    const { deps, companies } = await acquisitionWorld();

    const res = await makeSave(deps)(http('alice', SAVED), ctx);

    expect(res.statusCode).toBe(200);
    const client = await companies.getClient('client-a');
    expect(client?.goals_and_objectives).toEqual(SAVED.goals_and_objectives);
    const info = await clientInfoOf(
      {
        companies,
        accounts: { getProfile: async () => null, membersOf: async () => [] } as never,
        calculators: { calculatorOf: async () => null },
      },
      { userId: 'alice', email: 'alice@example.com', staff: false, agent: false } as never,
      client as NonNullable<typeof client>,
      { view: true } as never,
    );
    expect(info.goals_and_objectives).toEqual(SAVED.goals_and_objectives);
    expect(info.return_calculator).toMatchObject({
      average_sale_cents: 12_900,
      close_rate_pct: 2.5,
    });
  });

  test.each([
    ['signed out', null, 'client-a', 401],
    ["another customer's client", 'bob', 'client-a', 404],
    ['the read-only demo client', 'alice', 'demo-1', 403],
  ])('refuses %s (%s) and writes nothing', async (_what, who, uid, status) => {
    const { deps, companies } = await acquisitionWorld();

    const res = await makeSave(deps)(http(who, { ...SAVED, client_uid: uid }), ctx);

    expect(res.statusCode).toBe(status);
    expect((await companies.getClient(uid))?.goals_and_objectives).toBeUndefined();
  });
});
