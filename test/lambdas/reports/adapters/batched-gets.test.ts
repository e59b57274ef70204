import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { batchedGets } from '../../../../lambdas/reports/adapters/batched-gets';
import { DynamoReportSessions } from '../../../../lambdas/reports/adapters/dynamo-report-sessions';
import { dynamoLocalForFile } from '../../../support/dynamo-local';
import { client } from '../fakes';

const COMPANIES = 'companies';
const SESSIONS = 'sessions';
const local = dynamoLocalForFile({
  name: 'batched-gets',
  companiesTable: COMPANIES,
  sessionsTable: SESSIONS,
  removeUndefinedValues: true,
});

/** The document client with every command it sends counted by name, and the reads on top. */
async function world() {
  const sent: string[] = [];
  const counting = Object.create(local.doc) as DynamoDBDocumentClient;
  Object.defineProperty(counting, 'send', {
    value: (command: { constructor: { name: string } }, ...rest: unknown[]) => {
      sent.push(command.constructor.name);
      return (local.doc.send as (...args: unknown[]) => unknown).call(local.doc, command, ...rest);
    },
  });
  const db = batchedGets(counting);
  const direct = {
    companies: new DynamoCompanies(local.doc, COMPANIES),
    sessions: new DynamoReportSessions(local.doc, SESSIONS),
  };
  await direct.companies.putClient(client({ client_uid: 'client-a', org_uid: 'org-a' }));
  await direct.companies.putClient(client({ client_uid: 'client-b', org_uid: 'org-b' }));
  await direct.sessions.claim('alice', 'client-a', 2);
  sent.length = 0;
  return {
    sent,
    direct,
    companies: new DynamoCompanies(db, COMPANIES),
    sessions: new DynamoReportSessions(db, SESSIONS),
  };
}

describe('GetItems asked at the same moment go as one BatchGetItem', () => {
  test('the client record and the free-report usage asked together are one call, each answer as read alone', async () => {
    const { sent, direct, companies, sessions } = await world();

    const [a, used] = await Promise.all([
      companies.getClient('client-a'),
      sessions.freeClients('alice'),
    ]);

    expect(sent).toEqual(['BatchGetCommand']);
    expect(a).toEqual(await direct.companies.getClient('client-a'));
    expect(a?.org_uid).toBe('org-a');
    expect(used).toEqual(['client-a']);
  });

  test('each caller gets its own item, and none where there is none', async () => {
    const { sent, companies, sessions } = await world();

    const [a, b, missing, nobody] = await Promise.all([
      companies.getClient('client-a'),
      companies.getClient('client-b'),
      companies.getClient('client-gone'),
      sessions.freeClients('bob'),
    ]);

    expect(sent).toEqual(['BatchGetCommand']);
    expect([a?.client_uid, a?.org_uid]).toEqual(['client-a', 'org-a']);
    expect([b?.client_uid, b?.org_uid]).toEqual(['client-b', 'org-b']);
    expect(missing).toBeNull();
    expect(nobody).toEqual([]);
  });

  test('the same key asked twice is asked once and both callers get it', async () => {
    const { sent, companies, sessions } = await world();

    const [one, two] = await Promise.all([
      companies.getClient('client-a'),
      companies.getClient('client-a'),
      sessions.freeClients('alice'),
    ]);

    expect(sent).toEqual(['BatchGetCommand']);
    expect(one?.client_uid).toBe('client-a');
    expect(two).toEqual(one);
  });

  test('a lone GetItem, a GetItem with a projection and other commands go as they are', async () => {
    const { sent, companies, sessions } = await world();

    await companies.getClient('client-a');
    await Promise.all([companies.verifiedEmailOf('alice'), sessions.freeClients('alice')]);
    await companies.sharesTo('alice@example.com');

    expect(sent).toEqual(['GetCommand', 'GetCommand', 'GetCommand', 'QueryCommand']);
  });
});
