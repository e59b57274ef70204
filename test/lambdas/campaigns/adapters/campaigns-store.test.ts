import { describe, expect, test } from 'vitest';
import type { Campaign } from '#shared/contracts/campaigns.schema';
import {
  DynamoCampaigns,
  SESSION_CAMPAIGN_TTL_S,
} from '../../../../lambdas/campaigns/adapters/dynamo-campaigns';
import { MemoryCampaigns } from '../../../../lambdas/campaigns/adapters/memory-campaigns';
import type { CampaignStore, SessionCampaigns } from '../../../../lambdas/campaigns/core/ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

const TABLE = 'campaigns-store-test';
const local = dynamoLocalForFile({ name: 'campaigns-store', companiesTable: TABLE });

let n = 0;
const campaign = (clientUid: string, over: Partial<Campaign> = {}): Campaign => ({
  campaign_uid: `k${++n}`,
  client_uid: clientUid,
  name: `Flight ${n}`,
  flight_start: '2026-03-01',
  flight_end: '2026-03-31',
  budget_cents: 100_000,
  goal: { kind: 'visits', target: 500 },
  station_ids: ['WABC'],
  creative_ids: [],
  dmas: [501],
  created_at: '2026-02-01T00:00:00.000Z',
  updated_at: '2026-02-01T00:00:00.000Z',
  ...over,
});

type Store = CampaignStore & SessionCampaigns;

describe.each([
  ['memory', (): Store => new MemoryCampaigns()],
  ['DynamoDB', (): Store => new DynamoCampaigns(local.doc, TABLE)],
])('%s campaign store', (_name, make) => {
  test("stores campaigns under their client: a client's list and reads never show another's", async () => {
    const store = make();
    const mine = campaign('client-x');
    const theirs = campaign('client-y');
    await store.put(mine);
    await store.put(theirs);

    expect(await store.list('client-x')).toEqual([mine]);
    expect(await store.get('client-x', theirs.campaign_uid)).toBeNull();
    expect(await store.get('client-y', theirs.campaign_uid)).toEqual(theirs);
  });

  test('put replaces and remove deletes (twice is fine)', async () => {
    const store = make();
    const c = campaign('client-z');
    await store.put(c);
    await store.put({ ...c, name: 'Renamed' });
    expect((await store.get('client-z', c.campaign_uid))?.name).toBe('Renamed');

    await store.remove('client-z', c.campaign_uid);
    await store.remove('client-z', c.campaign_uid);

    expect(await store.list('client-z')).toEqual([]);
  });

  test("a session's campaign is the user's own, and null clears it", async () => {
    const store = make();
    await store.setSession('alice', 'client-s', 's-1', 'k-1');

    expect(await store.getSession('alice', 'client-s', 's-1')).toBe('k-1');
    expect(await store.getSession('bob', 'client-s', 's-1')).toBeNull();

    await store.setSession('alice', 'client-s', 's-1', null);
    expect(await store.getSession('alice', 'client-s', 's-1')).toBeNull();
  });
});

test('a session campaign older than its lifetime reads as absent before DynamoDB removes it', async () => {
  let now = new Date('2026-03-01T00:00:00.000Z');
  const store = new DynamoCampaigns(local.doc, TABLE, () => now);
  await store.setSession('alice', 'client-t', 's-1', 'k-1');

  now = new Date(now.getTime() + (SESSION_CAMPAIGN_TTL_S - 60) * 1000);
  expect(await store.getSession('alice', 'client-t', 's-1')).toBe('k-1');
  now = new Date(now.getTime() + 120 * 1000);
  expect(await store.getSession('alice', 'client-t', 's-1')).toBeNull();
});
