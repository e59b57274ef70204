import { describe, expect, test } from 'vitest';
import { CALL_MESSAGES, clsFollowupsSchema } from '#shared/contracts/call-centre.schema';
import { followupsDue } from '../../../../lambdas/call-centre/core/followups-due';
import { AGENT, callRecord, callWorld, saveActivity } from '../call-world';

/** A world where four advertisers got follow-ups from agents early in June. */
async function world() {
  const w = callWorld([
    callRecord({ id: 'acme', name: 'Acme Motors' }),
    callRecord({ id: 'best', name: 'Best Tires' }),
    callRecord({ id: 'coast', name: 'Coast Homes' }),
    callRecord({ id: 'dune', name: 'Dune Buggies' }),
  ]);
  w.setNow('2024-06-01T15:00:00Z');
  const set = (client_id: string, day: string, time = '') =>
    saveActivity(w, {
      client_id,
      activity: 'set_followup',
      payload: { day, time, tz: 'America/New_York' },
    });
  await set('acme', '2024-06-06');
  await set('best', '2024-06-05');
  await set('coast', '2024-06-20', '09:30');
  await set('dune', '2024-06-21');
  return w;
}

const due = async (input: Record<string, unknown>) => {
  const w = await world();
  const list = await followupsDue(w.deps, clsFollowupsSchema.parse(input));
  return list.map((f) => f.id);
};

describe('followupsDue', () => {
  test('answers today and the 14 days before it by default', async () => {
    expect(await due({ today: '2024-06-20' })).toEqual(['acme', 'coast']);
  });

  test('days_back and days_ahead widen or narrow the range', async () => {
    expect(await due({ today: '2024-06-20', days_back: '15', days_ahead: '1' })).toEqual([
      'best',
      'acme',
      'coast',
      'dune',
    ]);
    expect(await due({ today: '2024-06-20', days_back: '0' })).toEqual(['coast']);
  });

  test('names the agent who set each follow-up and keeps their time', async () => {
    const w = await world();

    const [first] = await followupsDue(
      w.deps,
      clsFollowupsSchema.parse({ today: '2024-06-20', days_back: 0 }),
    );

    expect(first).toMatchObject({
      id: 'coast',
      name: 'Coast Homes',
      time: '09:30',
      tz: 'America/New_York',
      agent_email: AGENT.email,
      status_text: 'Already Called - Followup',
    });
  });

  test('an advertiser who signed up or declined is no longer due', async () => {
    const w = await world();
    await saveActivity(w, { client_id: 'acme', activity: 'not_interested' });

    const list = await followupsDue(w.deps, clsFollowupsSchema.parse({ today: '2024-06-20' }));

    expect(list.map((f) => f.id)).toEqual(['coast']);
  });
});

describe('clsFollowupsSchema', () => {
  test('defaults to 14 days back and none ahead', () => {
    expect(clsFollowupsSchema.parse({ today: '2024-06-20' })).toEqual({
      today: '2024-06-20',
      days_back: 14,
      days_ahead: 0,
    });
  });

  test.each([
    [{}, 'today'],
    [{ today: '20240620' }, 'today'],
    [{ today: '2024-02-30' }, 'today'],
    [{ today: '2024-06-20', days_back: '61' }, 'days_back'],
    [{ today: '2024-06-20', days_ahead: '32' }, 'days_ahead'],
    [{ today: '2024-06-20', days_back: '1.5' }, 'days_back'],
  ])('refuses %o on %s', (input, field) => {
    const parsed = clsFollowupsSchema.safeParse(input);

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
  });

  test('refuses a range over 62 days on days_back', () => {
    const parsed = clsFollowupsSchema.safeParse({
      today: '2024-06-20',
      days_back: 60,
      days_ahead: 2,
    });

    expect(parsed.error?.issues).toMatchObject([
      { path: ['days_back'], message: CALL_MESSAGES.followupsRange },
    ]);
    expect(
      clsFollowupsSchema.safeParse({ today: '2024-06-20', days_back: 60, days_ahead: 1 }).success,
    ).toBe(true);
  });
});
