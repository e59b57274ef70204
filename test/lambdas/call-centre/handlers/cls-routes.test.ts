import { describe, expect, test } from 'vitest';
import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import type { HttpHandler } from '#shared/http/route-handler';
import * as activity from '../../../../lambdas/call-centre/handlers/cls-activity.handler';
import * as getRecord from '../../../../lambdas/call-centre/handlers/cls-get-record.handler';
import * as search from '../../../../lambdas/call-centre/handlers/cls-search.handler';
import { fakeAuthenticators } from '../../../support/authenticators';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import { callWorld } from '../call-world';

type Who = { sub?: string | null; groups?: string[] };
const AGENT: Who = { sub: 'agent-1', groups: ['agent'] };

async function call(
  handler: HttpHandler,
  who: Who,
  req: { body?: unknown; query?: Record<string, string> },
) {
  const event = httpEvent({ ...req, ...who });
  const res = await handler(event, lambdaContext);
  return { status: res.statusCode, ...bodyOf(res) };
}

/**
 * The three routes over one call world. `totp`: the users whose authenticator app is on (the
 * agent and staff of these tests unless told otherwise).
 */
function handlers(totp = fakeAuthenticators('agent-1', 'staff-1')) {
  const w = callWorld();
  return {
    w,
    totp,
    search: search.makeHandler(() => w.deps, totp.check),
    getRecord: getRecord.makeHandler(() => w.deps, totp.check),
    activity: activity.makeHandler(() => w.deps, totp.check),
  };
}

describe('who may call the call-centre routes', () => {
  const requests = [
    ['cls_search', 'search', { query: { search_text: 'acme' } }],
    ['cls_get_record', 'getRecord', { query: { client_id: 'acme-motors' } }],
    ['cls_activity', 'activity', { body: { client_id: 'acme-motors', activity: 'end_call' } }],
  ] as const;

  test.each(requests)('%s answers 401 to an anonymous request', async (_name, key, req) => {
    const h = handlers();

    const res = await call(h[key], { sub: null }, req);

    expect(res.status).toBe(401);
  });

  test.each(requests)('%s answers 403 to a signed-in customer', async (_name, key, req) => {
    const h = handlers();

    const res = await call(h[key], { sub: 'customer-1' }, req);

    expect(res.status).toBe(403);
    expect(h.w.handoffs).toEqual([]);
  });

  test.each(requests)(
    '%s answers 403 mfa_required to an agent or staff without an authenticator app, and records nothing',
    async (_name, key, req) => {
      const h = handlers(fakeAuthenticators());
      const before = structuredClone(await h.w.records.get('acme-motors'));

      const asAgent = await call(h[key], AGENT, req);
      const asStaff = await call(h[key], { sub: 'staff-1', groups: ['staff'] }, req);

      expect([asAgent.status, asStaff.status]).toEqual([403, 403]);
      expect([asAgent.error?.code, asStaff.error?.code]).toEqual(['mfa_required', 'mfa_required']);
      expect(asAgent.error?.message).toBe(MFA_MESSAGES.required);
      expect(h.w.handoffs).toEqual([]);
      expect(h.w.mails).toEqual([]);
      expect(await h.w.records.get('acme-motors')).toEqual(before);
      expect(h.totp.asked).toEqual(['agent-1', 'staff-1']);
    },
  );

  test.each(requests)('%s answers 200 to an agent and to staff', async (_name, key, req) => {
    const h = handlers();

    const asAgent = await call(h[key], AGENT, req);
    const asStaff = await call(h[key], { sub: 'staff-1', groups: ['staff'] }, req);

    expect([asAgent.status, asStaff.status]).toEqual([200, 200]);
  });
});

describe('GET cls_search', () => {
  test('returns the hit list as result', async () => {
    const h = handlers();

    const res = await call(h.search, AGENT, { query: { search_text: 'acme mo' } });

    expect(res.result).toEqual([
      { id: 'acme-motors', name: 'Acme Motors', industry: 'Automotive', status_text: 'New Call' },
    ]);
  });

  test('answers 400 on search_text when the text is blank', async () => {
    const h = handlers();

    const res = await call(h.search, AGENT, { query: { search_text: '   ' } });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ field: 'search_text', message: CALL_MESSAGES.searchEmpty });
  });
});

describe('GET cls_get_record', () => {
  test('returns the record as result', async () => {
    const h = handlers();

    const res = await call(h.getRecord, AGENT, { query: { client_id: 'acme-motors' } });

    expect(res.result).toMatchObject({ id: 'acme-motors', status: 'new' });
  });

  test('answers 404 with the not-on-the-list message', async () => {
    const h = handlers();

    const res = await call(h.getRecord, AGENT, { query: { client_id: 'nobody' } });

    expect(res.status).toBe(404);
    expect(res.message).toBe(CALL_MESSAGES.notFound);
  });
});

describe('POST cls_activity', () => {
  test('returns { record } and records the agent in the history', async () => {
    const h = handlers();
    const event = httpEvent({
      body: { client_id: 'acme-motors', activity: 'notes', payload: { notes: 'hi' } },
      ...AGENT,
    });
    Object.assign(
      (event.requestContext as unknown as { authorizer: { jwt: { claims: object } } }).authorizer
        .jwt.claims,
      { email: 'Agent@AnalyticOwl.test' },
    );

    const res = bodyOf(await h.activity(event, lambdaContext));

    expect(res.result).toMatchObject({ record: { id: 'acme-motors', notes: 'hi' } });
    expect(h.w.records.history[0]).toMatchObject({
      agent_sub: 'agent-1',
      agent_email: 'agent@analyticowl.test',
    });
  });

  test.each([
    [
      { activity: 'set_followup', payload: { day: '2024-06-05' } },
      'payload.day',
      CALL_MESSAGES.followupPast,
    ],
    [
      { activity: 'advertiser_info', payload: { email: 'not-an-email' } },
      'payload.email',
      CALL_MESSAGES.emailInvalid,
    ],
    [{ activity: 'signup' }, 'signup_info.billing_type', CALL_MESSAGES.billingType],
  ])('answers 400 naming the field for %o', async (body, field, message) => {
    const h = handlers();

    const res = await call(h.activity, AGENT, { body: { client_id: 'acme-motors', ...body } });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ field, message });
  });

  test('answers 409 with the do-not-call message', async () => {
    const h = handlers();
    await call(h.activity, AGENT, {
      body: { client_id: 'acme-motors', activity: 'do_not_call', payload: { value: true } },
    });

    const res = await call(h.activity, AGENT, {
      body: { client_id: 'acme-motors', activity: 'set_followup', payload: { days_from_now: 2 } },
    });

    expect(res.status).toBe(409);
    expect(res.message).toBe(CALL_MESSAGES.doNotCall);
  });
});
