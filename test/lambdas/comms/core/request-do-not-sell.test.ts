import { describe, expect, test } from 'vitest';
import { addBusinessDays } from '../../../../lambdas/comms/core/business-days';
import {
  DO_NOT_SELL_ACK_SUBJECT,
  requestDoNotSell,
} from '../../../../lambdas/comms/core/request-do-not-sell';
import { commsWorld, DNS } from '../fakes';

const META = { sourceIp: '203.0.113.5' };

describe('addBusinessDays (spec §9: answer within 10 business days)', () => {
  test.each([
    ['Wednesday + 10 spans two weekends', '2024-06-05T15:00:00Z', 10, '2024-06-19T15:00:00.000Z'],
    ['Friday + 1 is Monday', '2024-06-07T09:00:00Z', 1, '2024-06-10T09:00:00.000Z'],
    ['Saturday + 1 is Monday', '2024-06-08T09:00:00Z', 1, '2024-06-10T09:00:00.000Z'],
    [
      'Sunday + 10 is the Friday after next',
      '2024-06-09T09:00:00Z',
      10,
      '2024-06-21T09:00:00.000Z',
    ],
    ['+ 0 is the same moment', '2024-06-08T09:00:00Z', 0, '2024-06-08T09:00:00.000Z'],
  ])('%s', (_name, from, days, due) => {
    expect(addBusinessDays(new Date(from), days).toISOString()).toBe(due);
  });

  test('rejects a negative count', () => {
    expect(() => addBusinessDays(new Date(), -1)).toThrow(RangeError);
  });
});

describe('requestDoNotSell', () => {
  test('stores the request as open with a due date 10 business days later over the weekend', async () => {
    // Friday afternoon: two weekends fall inside the 10 business days.
    const w = commsWorld(new Date('2024-06-07T16:30:00Z'));

    await requestDoNotSell(w.deps, DNS, META);

    expect(w.messages.doNotSell).toEqual([
      expect.objectContaining({
        email: 'bo@example.com',
        california: true,
        status: 'open',
        received_at: '2024-06-07T16:30:00.000Z',
        due_by: '2024-06-21T16:30:00.000Z',
      }),
    ]);
  });

  test('mails the team and acknowledges to the requester with the due date', async () => {
    const w = commsWorld(new Date('2024-06-07T16:30:00Z'));

    await requestDoNotSell(w.deps, DNS, META);

    expect(w.mails.map((m) => m.to)).toEqual(['team@analyticowl.test', 'bo@example.com']);
    expect(w.mails[0]?.subject).toContain('2024-06-21');
    expect(w.mails[1]?.subject).toBe(DO_NOT_SELL_ACK_SUBJECT);
    expect(w.mails[1]?.text).toContain('2024-06-21');
  });

  test('stores and mails nothing for a filled honeypot but answers the same', async () => {
    const w = commsWorld();

    const result = await requestDoNotSell(w.deps, { ...DNS, website: 'x' }, META);

    expect(result.message).toBe("Thank you! We'll be in touch soon!");
    expect(w.messages.doNotSell).toEqual([]);
    expect(w.mails).toEqual([]);
  });

  test('refuses a 3rd request for one e-mail within the hour with 429', async () => {
    const w = commsWorld();
    await requestDoNotSell(w.deps, DNS, { sourceIp: '10.0.0.1' });
    await requestDoNotSell(w.deps, DNS, { sourceIp: '10.0.0.2' });

    await expect(requestDoNotSell(w.deps, DNS, { sourceIp: '10.0.0.3' })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
  });
});
