import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { beforeEach, describe, expect, test } from 'vitest';
import { makeHandler as makeList } from '../../../../lambdas/campaigns/handlers/client-campaigns.handler';
import { makeHandler as makeCreate } from '../../../../lambdas/campaigns/handlers/create-campaign.handler';
import { makeHandler as makeUpdate } from '../../../../lambdas/campaigns/handlers/update-campaign.handler';
import { makeHandler as makeSession } from '../../../../lambdas/campaigns/handlers/update-session-campaign.handler';
import { campaignWorld, SPRING } from '../fakes';

const http = (sub: string, body: unknown, query?: Record<string, string>) =>
  ({
    routeKey: 'POST /x',
    body: body === undefined ? undefined : JSON.stringify(body),
    queryStringParameters: query,
    requestContext: {
      authorizer: { jwt: { claims: { sub, email: `${sub}@example.com`, email_verified: 'true' } } },
    },
  }) as unknown as APIGatewayProxyEventV2;
const ctx = {} as Context;
const json = (res: { body?: string }) => JSON.parse(res.body ?? '{}');

let world: Awaited<ReturnType<typeof campaignWorld>>;
let create: ReturnType<typeof makeCreate>;
let update: ReturnType<typeof makeUpdate>;
let list: ReturnType<typeof makeList>;
let session: ReturnType<typeof makeSession>;
beforeEach(async () => {
  world = await campaignWorld();
  create = makeCreate(world.deps);
  update = makeUpdate(world.deps);
  list = makeList(world.deps);
  session = makeSession(world.deps);
});

async function aliceCreates(body: Record<string, unknown> = {}) {
  const res = await create(http('alice', { client_uid: 'client-a', ...SPRING, ...body }), ctx);
  expect(res.statusCode).toBe(200);
  return json(res).result.campaign as { campaign_uid: string };
}

describe('campaign routes', () => {
  test('create_campaign stores the campaign under the client; client_campaigns lists it', async () => {
    const made = await aliceCreates();

    const res = await list(http('alice', undefined, { client_uid: 'client-a' }), ctx);

    expect(json(res).result.campaigns).toEqual([
      {
        ...SPRING,
        campaign_uid: made.campaign_uid,
        client_uid: 'client-a',
        created_at: '2026-03-10T15:00:00.000Z',
        updated_at: '2026-03-10T15:00:00.000Z',
      },
    ]);
  });

  test('create_campaign refuses bad input with 400 naming the field, storing nothing', async () => {
    const res = await create(
      http('alice', { client_uid: 'client-a', ...SPRING, flight_end: '2026-02-01' }),
      ctx,
    );

    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatchObject({
      message: 'Flight end must be on or after the flight start.',
      field: 'flight_end',
    });
    expect(await world.campaigns.list('client-a')).toEqual([]);
  });

  test('another customer gets 404 on every route, and the campaign is unchanged', async () => {
    const made = await aliceCreates();
    const ids = { client_uid: 'client-a', campaign_uid: made.campaign_uid };

    const statuses = [
      (await create(http('bob', { client_uid: 'client-a', ...SPRING }), ctx)).statusCode,
      (await update(http('bob', { ...ids, name: 'Hijacked' }), ctx)).statusCode,
      (await update(http('bob', { ...ids, delete: true }), ctx)).statusCode,
      (await list(http('bob', undefined, { client_uid: 'client-a' }), ctx)).statusCode,
      (await session(http('bob', { ...ids, session_uid: 's-1' }), ctx)).statusCode,
    ];

    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    expect((await world.campaigns.list('client-a')).map((c) => c.name)).toEqual(['Spring sale']);
  });

  test('a client visible read-only (sample client) lists campaigns but may not create them: 403', async () => {
    const listed = await list(http('alice', undefined, { client_uid: 'demo-1' }), ctx);
    const made = await create(http('alice', { client_uid: 'demo-1', ...SPRING }), ctx);

    expect(listed.statusCode).toBe(200);
    expect(made.statusCode).toBe(403);
  });

  test("a campaign id of another client is not found through one's own client", async () => {
    const bobs = await create(http('bob', { client_uid: 'client-b', ...SPRING }), ctx);
    const uid = json(bobs).result.campaign.campaign_uid;

    const res = await update(
      http('alice', { client_uid: 'client-a', campaign_uid: uid, name: 'Mine now' }),
      ctx,
    );

    expect(res.statusCode).toBe(404);
    expect(json(res).error.message).toBe('Campaign not found.');
  });

  test('update_campaign patches; a one-sided patch that inverts the flight is refused whole', async () => {
    const made = await aliceCreates();
    const ids = { client_uid: 'client-a', campaign_uid: made.campaign_uid };

    const renamed = await update(http('alice', { ...ids, name: 'Spring clearance' }), ctx);
    const inverted = await update(
      http('alice', { ...ids, flight_end: '2026-02-15', budget_cents: 1 }),
      ctx,
    );

    expect(json(renamed).result.campaigns[0]).toMatchObject({
      name: 'Spring clearance',
      flight_end: '2026-03-31',
      budget_cents: 1_250_000,
    });
    expect(inverted.statusCode).toBe(400);
    expect(json(inverted).error.field).toBe('flight_end');
    expect((await world.campaigns.get('client-a', made.campaign_uid))?.budget_cents).toBe(
      1_250_000,
    );
  });

  test('a client holding the maximum of campaigns refuses another: 409, nothing stored', async () => {
    for (let i = 0; i < 100; i++) await aliceCreates({ name: `Flight ${i}` });

    const res = await create(http('alice', { client_uid: 'client-a', ...SPRING }), ctx);

    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toBe(
      'A client may hold at most 100 campaigns; delete an old one first.',
    );
    expect(await world.campaigns.list('client-a')).toHaveLength(100);
  });

  test('update_campaign with delete: true deletes it', async () => {
    const made = await aliceCreates();

    const res = await update(
      http('alice', { client_uid: 'client-a', campaign_uid: made.campaign_uid, delete: true }),
      ctx,
    );

    expect(json(res).result.campaigns).toEqual([]);
  });

  test("update_session_campaign scopes the caller's session, and null clears it", async () => {
    const made = await aliceCreates();
    const base = { client_uid: 'client-a', session_uid: 's-1' };

    const set = await session(http('alice', { ...base, campaign_uid: made.campaign_uid }), ctx);
    const stored = await world.campaigns.getSession('alice', 'client-a', 's-1');
    const cleared = await session(http('alice', { ...base, campaign_uid: null }), ctx);

    expect(json(set).result.campaign.campaign_uid).toBe(made.campaign_uid);
    expect(stored).toBe(made.campaign_uid);
    expect(json(cleared).result.campaign).toBeNull();
    expect(await world.campaigns.getSession('alice', 'client-a', 's-1')).toBeNull();
  });

  test('update_session_campaign refuses a campaign the client does not hold: 404', async () => {
    const res = await session(
      http('alice', { client_uid: 'client-a', session_uid: 's-1', campaign_uid: 'nope' }),
      ctx,
    );

    expect(res.statusCode).toBe(404);
  });
});
