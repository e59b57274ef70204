import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import { DynamoMfaSessions } from '../../../../lambdas/accounts/adapters/dynamo-mfa-sessions';
import { MemoryMfaSessions } from '../../../../lambdas/accounts/adapters/memory-mfa-sessions';
import { sha256Hex } from '../../../../lambdas/accounts/adapters/secret-hash';
import type { MfaSessionRecord, MfaSessions } from '../../../../lambdas/accounts/core/mfa-ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// One behaviour suite for the in-memory adapter (what the use-case tests use) and the DynamoDB
// adapter against DynamoDB Local, so the fake cannot drift from the real thing.
const TABLE = 'sessions';
const local = dynamoLocalForFile({
  name: 'mfa-sessions',
  sessionsTable: TABLE,
});

function clock() {
  let ms = Date.parse('2026-11-22T12:00:00Z');
  return { now: () => new Date(ms), advance: (s: number) => (ms += s * 1000) };
}

const kinds: [string, () => { sessions: MfaSessions; advance: (s: number) => void }][] = [
  [
    'memory',
    () => {
      const c = clock();
      return { sessions: new MemoryMfaSessions(c.now), advance: c.advance };
    },
  ],
  [
    'dynamodb',
    () => {
      const c = clock();
      return { sessions: new DynamoMfaSessions(local.doc, TABLE, c.now), advance: c.advance };
    },
  ],
];

const CHALLENGE: MfaSessionRecord = {
  kind: 'challenge',
  email: 'ada@example.com',
  pending: { mfaSession: 'cognito-1', username: 'sub-1' },
  stayLoggedIn: true,
};
let handles = 0;
const newHandle = () => `handle-${++handles}-${'x'.repeat(30)}`;

describe.each(kinds)('MFA steps (%s)', (_kind, make) => {
  test('each attempt is counted; the fifth is the last', async () => {
    const { sessions } = make();
    const handle = newHandle();
    await sessions.start(handle, CHALLENGE, 180);

    const counts = [];
    for (let i = 0; i < 6; i++) counts.push((await sessions.attempt(handle, 5))?.attempts ?? null);

    expect(counts).toEqual([1, 2, 3, 4, 5, null]);
  });

  test('parallel attempts cannot pass the limit', async () => {
    const { sessions } = make();
    const handle = newHandle();
    await sessions.start(handle, CHALLENGE, 180);

    const all = await Promise.all(Array.from({ length: 12 }, () => sessions.attempt(handle, 5)));

    expect(all.filter((a) => a !== null)).toHaveLength(5);
  });

  test('a step is refused after its lifetime and after it finished; finish has one winner', async () => {
    const { sessions, advance } = make();
    const a = newHandle();
    const b = newHandle();
    await sessions.start(a, CHALLENGE, 180);
    await sessions.start(b, CHALLENGE, 180);

    const finished = await Promise.all([sessions.finish(a), sessions.finish(a)]);
    advance(180);

    expect(finished.filter(Boolean)).toHaveLength(1);
    expect(await sessions.attempt(a, 5)).toBeNull();
    expect(await sessions.attempt(b, 5)).toBeNull();
    expect(await sessions.finish(b)).toBe(false);
  });

  test('renew replaces the record and keeps the count', async () => {
    const { sessions } = make();
    const handle = newHandle();
    await sessions.start(handle, CHALLENGE, 180);
    await sessions.attempt(handle, 5);
    const renewed = { ...CHALLENGE, pending: { mfaSession: 'cognito-2', username: 'sub-1' } };

    await sessions.renew(handle, renewed);

    expect(await sessions.attempt(handle, 5)).toEqual({ record: renewed, attempts: 2 });
  });
});

test('DynamoDB keeps only a SHA-256 of the handle as the key', async () => {
  const sessions = new DynamoMfaSessions(local.doc, TABLE);
  const handle = newHandle();
  await sessions.start(handle, CHALLENGE, 180);

  const byHash = await local.doc.send(
    new GetCommand({ TableName: TABLE, Key: { pk: `MFA#${sha256Hex(handle)}`, sk: 'S' } }),
  );
  const byHandle = await local.doc.send(
    new GetCommand({ TableName: TABLE, Key: { pk: `MFA#${handle}`, sk: 'S' } }),
  );

  expect(byHash.Item?.attempts).toBe(0);
  expect(byHandle.Item).toBeUndefined();
});
