import { describe, expect, test } from 'vitest';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { blankCreative, type CreativeRecord } from '#shared/creatives/creatives';
import { DynamoCreatives } from '#shared/creatives/dynamo-creatives';
import { NotFound } from '#shared/errors';
import { batchedGets } from '../../../../lambdas/reports/adapters/batched-gets';
import { CallerFacts } from '../../../../lambdas/reports/core/caller-facts';
import { getReport } from '../../../../lambdas/reports/core/get-report';
import { viewKey } from '../../../../lambdas/reports/core/keys';
import { alice, allowancePorts, bob, client, memoryPorts } from '../../../lambdas/reports/fakes';
import { drillReportView } from '../../../lambdas/reports/support/report-documents';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// The creatives and the client records on DynamoDB Local, as the Lambdas store them: every
// creative write changes the client's creatives token in the same transaction, which is what
// lets a warm report container keep a client's creatives between reads.
const COMPANIES = 'companies';
const local = dynamoLocalForFile({
  name: 'dynamo-creatives',
  companiesTable: COMPANIES,
  removeUndefinedValues: true,
});

const named = (clientUid: string, name: string): CreativeRecord => ({
  ...blankCreative(clientUid, 'SPOT-A', new Date('2024-04-01T00:00:00.000Z')),
  name,
});

async function world(clientUid: string) {
  const companies = new DynamoCompanies(local.doc, COMPANIES);
  const creatives = new DynamoCreatives(local.doc, COMPANIES);
  await companies.addMembership('alice', 'org-a', 'member');
  await companies.addMembership('bob', 'org-b', 'member');
  await companies.putClient(client({ client_uid: clientUid, org_uid: 'org-a' }));
  return { companies, creatives };
}

describe('DynamoCreatives and the client’s creatives token', () => {
  test('a client written whole gets a token, and each creative write a new one', async () => {
    const { companies, creatives } = await world('client-t');
    const first = (await companies.getClient('client-t'))?.creatives_version;

    await creatives.put(named('client-t', 'Spring sale :30'));
    const second = (await companies.getClient('client-t'))?.creatives_version;
    await creatives.put(named('client-t', 'Summer sale :15'));
    const third = (await companies.getClient('client-t'))?.creatives_version;

    expect(first).toBeTruthy();
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await creatives.list('client-t', { consistent: true })).map((c) => c.name)).toEqual([
      'Summer sale :15',
    ]);
  });

  test('a creative of a client that does not exist is refused and writes nothing, not even a client', async () => {
    const { companies, creatives } = await world('client-u');

    await expect(creatives.put(named('ghost', 'Spring sale :30'))).rejects.toBeInstanceOf(NotFound);

    expect(await companies.getClient('ghost')).toBeNull();
    expect(await creatives.list('ghost')).toEqual([]);
  });

  test('a warm report container shows a creative written elsewhere on its very next get_report, and still refuses a stranger', async () => {
    await world('client-a');
    // The get_report Lambda's own clients: its GetItems batched, its creatives kept.
    const db = batchedGets(local.doc);
    const companies = new DynamoCompanies(db, COMPANIES);
    const creatives = new DynamoCreatives(local.doc, COMPANIES);
    const { usage, plans } = allowancePorts();
    const { store } = memoryPorts();
    await store.putJson(viewKey('client-a', 'rep-1'), drillReportView());
    const facts = new CallerFacts({ companies, plans, creatives });
    const deps = { companies, store, usage, plans, creatives, facts };
    const input = { client_uid: 'client-a', report_id: 'rep-1' };
    const labels = async () =>
      ((await getReport(deps, alice, input)).tables.creative ?? []).map((r) => r.label);
    expect(await labels()).toContain('SPOT-A');

    // update_creatives, another Lambda with its own document client.
    const elsewhere = new DynamoCreatives(local.doc, COMPANIES);
    await elsewhere.put(named('client-a', 'Spring sale :30'));
    expect(await labels()).toEqual(expect.arrayContaining(['Spring sale :30']));
    await elsewhere.put(named('client-a', 'Summer sale :15'));
    expect(await labels()).toEqual(expect.arrayContaining(['Summer sale :15']));
    expect(await labels()).not.toContain('Spring sale :30');

    await expect(getReport(deps, bob, input)).rejects.toBeInstanceOf(NotFound);
  });
});
