import { describe, expect, test } from 'vitest';
import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import { makeHandler } from '../../../../lambdas/call-centre/handlers/cls-followups.handler';
import { fakeAuthenticators } from '../../../support/authenticators';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import { callRecord, callWorld, saveActivity } from '../call-world';

type Who = { sub?: string | null; groups?: string[] };
const AGENT: Who = { sub: 'agent-1', groups: ['agent'] };

async function call(
  who: Who,
  query: Record<string, string>,
  totp = fakeAuthenticators('agent-1', 'staff-1'),
) {
  const w = callWorld([callRecord(), callRecord({ id: 'zed', name: 'Zed Cars' })]);
  await saveActivity(w, {
    activity: 'set_followup',
    payload: { day: '2024-06-07', time: '14:00', tz: 'America/New_York' },
  });
  const handler = makeHandler(() => w.deps, totp.check);
  const res = await handler(httpEvent({ query, ...who }), lambdaContext);
  return { status: res.statusCode, ...bodyOf(res) };
}

describe('GET cls_followups', () => {
  test('answers 401 to an anonymous request', async () => {
    expect((await call({ sub: null }, { today: '2024-06-07' })).status).toBe(401);
  });

  test('answers 403 to a signed-in customer', async () => {
    expect((await call({ sub: 'customer-1' }, { today: '2024-06-07' })).status).toBe(403);
  });

  test('answers 403 mfa_required to an agent without an authenticator app', async () => {
    const res = await call(AGENT, { today: '2024-06-07' }, fakeAuthenticators());

    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('mfa_required');
    expect(res.result).toBeUndefined();
  });

  test('returns the follow-ups due to an agent and to staff', async () => {
    const asAgent = await call(AGENT, { today: '2024-06-07' });
    const asStaff = await call({ sub: 'staff-1', groups: ['staff'] }, { today: '2024-06-09' });

    expect([asAgent.status, asStaff.status]).toEqual([200, 200]);
    expect(asAgent.result).toEqual([
      {
        id: 'acme-motors',
        name: 'Acme Motors',
        industry: 'Automotive',
        day: '2024-06-07',
        time: '14:00',
        tz: 'America/New_York',
        agent_email: 'agent@analyticowl.test',
        status_text: 'Already Called - Followup',
      },
    ]);
    expect(asStaff.result).toHaveLength(1);
  });

  test('answers an empty list before the day comes', async () => {
    const res = await call(AGENT, { today: '2024-06-06' });

    expect(res.result).toEqual([]);
  });

  test.each<Record<string, string>>([{}, { today: 'tomorrow' }, { today: '2024-06-31' }])(
    'answers 400 on today for %o',
    async (query) => {
      const res = await call(AGENT, query);

      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ field: 'today', message: CALL_MESSAGES.todayInvalid });
    },
  );

  test('answers 400 on days_back for a range over 62 days', async () => {
    const res = await call(AGENT, { today: '2024-06-07', days_back: '60', days_ahead: '10' });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ field: 'days_back', message: CALL_MESSAGES.followupsRange });
  });
});
