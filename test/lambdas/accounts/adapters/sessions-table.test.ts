import { describe, expect, test } from 'vitest';
import { DynamoOneTimeTokens } from '../../../../lambdas/accounts/adapters/dynamo-one-time-tokens';
import { DynamoRateLimiter } from '../../../../lambdas/accounts/adapters/dynamo-rate-limiter';
import { DynamoVerificationCodes } from '../../../../lambdas/accounts/adapters/dynamo-verification-codes';
import { MemoryOneTimeTokens } from '../../../../lambdas/accounts/adapters/memory-one-time-tokens';
import { MemoryRateLimiter } from '../../../../lambdas/accounts/adapters/memory-rate-limiter';
import { MemoryVerificationCodes } from '../../../../lambdas/accounts/adapters/memory-verification-codes';
import type {
  OneTimeTokens,
  RateLimiter,
  VerificationCodes,
} from '../../../../lambdas/accounts/core/ports';
import { dynamoLocalForFile } from '../../../support/dynamo-local';

// The same behaviour suite runs on the in-memory adapters (what the use-case tests use) and on
// the DynamoDB adapters against DynamoDB Local, so the fakes cannot drift from the real thing.
const TABLE = 'sessions';
const local = dynamoLocalForFile({
  name: 'sessions',
  sessionsTable: TABLE,
});

interface Adapters {
  tokens: OneTimeTokens;
  codes: VerificationCodes;
  limiter: RateLimiter;
  advance: (seconds: number) => void;
}

let run = 0;
function clock() {
  let ms = Date.parse('2026-11-22T12:00:00Z');
  return { now: () => new Date(ms), advance: (s: number) => (ms += s * 1000) };
}
const kinds: [string, () => Adapters][] = [
  [
    'memory',
    () => {
      const c = clock();
      return {
        tokens: new MemoryOneTimeTokens(c.now),
        codes: new MemoryVerificationCodes(c.now),
        limiter: new MemoryRateLimiter(c.now),
        advance: c.advance,
      };
    },
  ],
  [
    'DynamoDB Local',
    () => {
      const c = clock();
      return {
        tokens: new DynamoOneTimeTokens(local.doc, TABLE, c.now),
        codes: new DynamoVerificationCodes(local.doc, TABLE, c.now),
        limiter: new DynamoRateLimiter(local.doc, TABLE, c.now),
        advance: c.advance,
      };
    },
  ],
];

describe.each(kinds)('SessionsTable adapters on %s', (_name, make) => {
  // Each test uses its own keys: the DynamoDB table is shared by the file.
  const unique = () => `t${++run}`;

  test('a one-time token is taken once, by one of two racing requests', async () => {
    const a = make();
    const secret = `secret-${unique()}`;
    await a.tokens.put('reset', secret, { email: 'ada@example.com' }, 3600);

    const peeked = await a.tokens.peek('reset', secret);
    const [first, second] = await Promise.all([
      a.tokens.take('reset', secret),
      a.tokens.take('reset', secret),
    ]);

    expect(peeked).toEqual({ email: 'ada@example.com' });
    expect([first, second].filter(Boolean)).toEqual([{ email: 'ada@example.com' }]);
    expect(await a.tokens.take('reset', secret)).toBeNull();
  });

  test('a one-time token is dead after its lifetime and unknown under another kind', async () => {
    const a = make();
    const secret = `secret-${unique()}`;
    await a.tokens.put('login', secret, { tokens: '{}' }, 60);

    expect(await a.tokens.peek('reset', secret)).toBeNull();
    a.advance(60);
    expect(await a.tokens.take('login', secret)).toBeNull();
  });

  test('a code: wrong guesses count, the 5th kills it; the right one is consumed once', async () => {
    const a = make();
    const email = `${unique()}@example.com`;
    await a.codes.issue(email, '123456', 3600);

    expect(await a.codes.check(email, '123456', false)).toBe('ok');
    expect(await a.codes.check(email, '123456', true)).toBe('ok');
    expect(await a.codes.check(email, '123456', true)).toBe('expired');

    await a.codes.issue(email, '654321', 3600);
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push(await a.codes.check(email, '000000', false));
    expect(guesses).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong']);
    expect(await a.codes.check(email, '654321', true)).toBe('expired');
  });

  test('twenty parallel guesses at one code: at most 5 are weighed, then the code is dead', async () => {
    const a = make();
    const email = `${unique()}@example.com`;
    await a.codes.issue(email, '654321', 3600);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      i === 10 ? '654321' : String(100000 + i),
    );

    const results = await Promise.all(guesses.map((g) => a.codes.check(email, g, true)));

    expect(results.filter((r) => r !== 'expired').length).toBeLessThanOrEqual(5);
    expect(await a.codes.check(email, '654321', true)).toBe('expired');
  });

  test('a right code checked without consuming it is not a wrong guess', async () => {
    const a = make();
    const email = `${unique()}@example.com`;
    await a.codes.issue(email, '654321', 3600);
    for (let i = 0; i < 4; i++) await a.codes.check(email, '000000', false);

    const kept = await a.codes.check(email, '654321', false);

    expect(kept).toBe('ok');
    expect(await a.codes.check(email, '654321', true)).toBe('ok');
  });

  test('at most 5 codes an hour per address, whoever asks: the 6th is refused and the 5th stays', async () => {
    const a = make();
    const email = `${unique()}@example.com`;
    const issued = [];
    for (let i = 1; i <= 5; i++) issued.push(await a.codes.issue(email, `10000${i}`, 3600));

    const sixth = await a.codes.issue(email, '999999', 3600);

    expect(issued).toEqual([true, true, true, true, true]);
    expect(sixth).toBe(false);
    expect(await a.codes.check(email, '999999', false)).toBe('wrong');
    expect(await a.codes.check(email, '100005', false)).toBe('ok');
    a.advance(3600);
    expect(await a.codes.issue(email, '777777', 3600)).toBe(true);
    expect(await a.codes.check(email, '777777', true)).toBe('ok');
  });

  test('a code expires after its lifetime', async () => {
    const a = make();
    const email = `${unique()}@example.com`;
    await a.codes.issue(email, '123456', 60);

    a.advance(60);

    expect(await a.codes.check(email, '123456', true)).toBe('expired');
  });

  test('twenty parallel takes of 5 slots: exactly 5 get one; a slot given back can be taken again', async () => {
    const a = make();
    const key = `acct:${unique()}`;

    const taken = await Promise.all(Array.from({ length: 20 }, () => a.limiter.take(key, 900, 5)));
    await a.limiter.giveBack(key, 900);

    expect(taken.filter((n) => n !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await a.limiter.take(key, 900, 5)).toBe(5);
    expect(await a.limiter.take(key, 900, 5)).toBeNull();
    expect(await a.limiter.count(key, 900)).toBe(5);
  });

  test('rate counters add up in a fixed window, reset, and start again in the next one', async () => {
    const a = make();
    const key = `acct:${unique()}`;

    const hits = [await a.limiter.hit(key, 900), await a.limiter.hit(key, 900)];
    const counted = await a.limiter.count(key, 900);
    a.advance(900);
    const nextWindow = await a.limiter.count(key, 900);
    await a.limiter.hit(key, 900);
    await a.limiter.reset(key, 900);

    expect(hits).toEqual([1, 2]);
    expect(counted).toBe(2);
    expect(nextWindow).toBe(0);
    expect(await a.limiter.count(key, 900)).toBe(0);
  });
});
