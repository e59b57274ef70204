import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import { newClientRecord } from '#shared/companies/companies';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import {
  DynamoClientNames,
  DynamoClientRemoval,
  DynamoFavoriteClients,
} from '../../../../lambdas/companies/adapters/client-adapters';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

const TABLE = 'companies';
const local = dynamoLocalForFile({ name: 'client-adapters', companiesTable: TABLE });

const make = (uid: string, name: string) => () =>
  newClientRecord({ client_uid: uid, org_uid: 'org-a', name }, new Date('2026-01-01'));

describe('DynamoClientNames on DynamoDB Local', () => {
  test('a rename moves the claim: imports of the new name find the client, the old name is free', async () => {
    const companies = new DynamoCompanies(local.doc, TABLE);
    const names = new DynamoClientNames(local.doc, TABLE);
    await companies.ensureAdvertiser('org-a', 'Acme', make('c1', 'Acme'));

    const moved = await names.rename('org-a', 'c1', 'Acme', 'Acme Tires');

    expect(moved).toBe(true);
    expect(await names.owner('org-a', 'ACME TIRES')).toBe('c1');
    expect(await names.owner('org-a', 'acme')).toBeNull();
    expect(
      (await companies.ensureAdvertiser('org-a', 'acme tires', make('x', 'acme tires'))).client
        .client_uid,
    ).toBe('c1');
  });

  test("a rename to another client's name writes nothing", async () => {
    const companies = new DynamoCompanies(local.doc, TABLE);
    const names = new DynamoClientNames(local.doc, TABLE);
    await companies.ensureAdvertiser('org-a', 'Bolt', make('c2', 'Bolt'));
    await companies.ensureAdvertiser('org-a', 'Cobalt', make('c3', 'Cobalt'));

    const moved = await names.rename('org-a', 'c2', 'Bolt', 'cobalt');

    expect(moved).toBe(false);
    expect(await names.owner('org-a', 'bolt')).toBe('c2');
    expect(await names.owner('org-a', 'cobalt')).toBe('c3');
  });

  test('a merge points every name of the merged client at the kept one', async () => {
    const companies = new DynamoCompanies(local.doc, TABLE);
    const names = new DynamoClientNames(local.doc, TABLE);
    await companies.ensureAdvertiser('org-a', 'Delta', make('c4', 'Delta'));
    await names.reassign('org-a', 'delta inc', 'c4');

    const held = await names.namesOf('org-a', 'c4');
    for (const n of held) await names.reassign('org-a', n, 'c1');

    expect(held.sort()).toEqual(['delta', 'delta inc']);
    expect(await names.namesOf('org-a', 'c4')).toEqual([]);
    expect(await names.owner('org-a', 'Delta Inc')).toBe('c1');
  });
});

describe('DynamoClientRemoval and DynamoFavoriteClients on DynamoDB Local', () => {
  test("a deleted client is gone and its organisation's list version moves on", async () => {
    const companies = new DynamoCompanies(local.doc, TABLE);
    const client = make('c9', 'Gone')();
    await companies.putClient(client);
    const version = async () =>
      (
        await local.doc.send(
          new GetCommand({ TableName: TABLE, Key: { pk: 'ORG#org-a', sk: 'CLIENT_LIST_VERSION' } }),
        )
      ).Item?.list_version ?? 0;
    const before = await version();

    await new DynamoClientRemoval(local.doc, TABLE).deleteClient(client);

    expect(await companies.getClient('c9')).toBeNull();
    expect(await version()).toBe(before + 1);
  });

  test('favourites are set and cleared per user and client', async () => {
    const favs = new DynamoFavoriteClients(local.doc, TABLE);

    await favs.setFavorite('ana', 'c1', true);
    const added = await favs.isFavorite('ana', 'c1');
    await favs.setFavorite('ana', 'c1', false);

    expect(added).toBe(true);
    expect(await favs.isFavorite('ana', 'c1')).toBe(false);
    expect(await favs.isFavorite('bob', 'c1')).toBe(false);
  });
});
