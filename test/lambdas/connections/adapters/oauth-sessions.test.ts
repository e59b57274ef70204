import { describe, expect, test } from 'vitest';
import { DynamoOAuthSessions } from '../../../../lambdas/connections/adapters/dynamo-oauth-sessions';
import { MemoryOAuthSessions } from '../../../../lambdas/connections/adapters/memory-oauth-sessions';
import type { OAuthSessions, PendingGrant } from '../../../../lambdas/connections/core/ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// One behaviour suite on the in-memory sessions (what the use-case tests use) and on the
// SessionsTable adapter against DynamoDB Local.
const TABLE = 'sessions';
const local = dynamoLocalForFile({ name: 'oauth-sessions', sessionsTable: TABLE });

let clock = new Date('2026-03-02T12:00:00.000Z');
const now = () => clock;
const kinds: [string, () => OAuthSessions][] = [
  ['memory', () => new MemoryOAuthSessions(now)],
  ['DynamoDB Local', () => new DynamoOAuthSessions(local.doc, TABLE, now)],
];

let n = 0;
const fresh = (what: string) => `${what}-${++n}`.padEnd(64, '0');

const grant = (client: string): PendingGrant => ({
  client_uid: client,
  request_id: 'r1',
  state_hash: 'a'.repeat(64),
  sealed_refresh_token: 'gcm1:sealed',
  ga_email: 'ann@acme.com',
  properties: [
    {
      gaid: '1001',
      gapropertyid: '1001',
      gaview: 'Acme',
      gaurl: 'https://acme.com',
      gaccount_id: '9',
      account_name: 'Acme',
      time_zone: 'America/New_York',
    },
  ],
});

describe.each(kinds)('sign-in sessions (%s)', (_kind, make) => {
  test('a sign-in is taken once: of racing takes exactly one gets it', async () => {
    const sessions = make();
    const key = fresh('state');
    await sessions.putState(key, { client_uid: 'c1', request_id: 'r1', verifier: 'v' }, 900);

    const takes = await Promise.all([1, 2, 3].map(() => sessions.takeState(key)));

    expect(takes.filter((t) => t !== null)).toEqual([
      { client_uid: 'c1', request_id: 'r1', verifier: 'v' },
    ]);
  });

  test('a sign-in past its time is gone even before the table deletes it', async () => {
    const sessions = make();
    const key = fresh('state');
    await sessions.putState(key, { client_uid: 'c1', request_id: 'r1', verifier: 'v' }, 900);
    clock = new Date(clock.getTime() + 900_000);

    expect(await sessions.takeState(key)).toBeNull();
  });

  test('a grant is stored once under its code, read again, and deleted', async () => {
    const sessions = make();
    const key = fresh('code');

    expect(await sessions.putGrant(key, grant('c1'), 1800)).toBe(true);
    expect(await sessions.putGrant(key, grant('c2'), 1800)).toBe(false);
    expect(await sessions.getGrant(key)).toEqual(grant('c1'));
    await sessions.deleteGrant(key);
    expect(await sessions.getGrant(key)).toBeNull();
  });

  test('a grant past 30 minutes reads as gone', async () => {
    const sessions = make();
    const key = fresh('code');
    await sessions.putGrant(key, grant('c1'), 1800);
    clock = new Date(clock.getTime() + 1_800_000);

    expect(await sessions.getGrant(key)).toBeNull();
  });
});
