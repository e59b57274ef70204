import { describe, expect, test } from 'vitest';
import type { CallRecord } from '#shared/contracts/call-record';
import {
  type ActivityRequest,
  ADVERTISER,
  callRecord,
  callWorld,
  SIGNUP_INFO,
  saveActivity,
} from '../call-world';

describe('status transitions', () => {
  test.each<[string, Partial<CallRecord>, ActivityRequest, Partial<CallRecord>]>([
    [
      'end_call on a new record makes it called',
      {},
      { activity: 'end_call' },
      { status: 'called', calls: 1 },
    ],
    [
      'end_call keeps a followup',
      { status: 'followup', calls: 1 },
      { activity: 'end_call' },
      { status: 'followup', calls: 2 },
    ],
    [
      'not interested declines the offer',
      {},
      { activity: 'not_interested', payload: { value: true } },
      { status: 'declined_offer', not_interested: true },
    ],
    [
      'interested again after a call is called',
      { status: 'declined_offer', not_interested: true, calls: 1 },
      { activity: 'not_interested', payload: { value: false } },
      { status: 'called', not_interested: false },
    ],
    [
      'interested again before any call is new',
      { status: 'declined_offer', not_interested: true },
      { activity: 'not_interested', payload: { value: false } },
      { status: 'new' },
    ],
    [
      'a followup sets status followup',
      {},
      { activity: 'set_followup', payload: { days_from_now: 3 } },
      { status: 'followup' },
    ],
    [
      'do not call only sets the flag',
      { status: 'called' },
      { activity: 'do_not_call', payload: { value: true } },
      { status: 'called', do_not_call: true },
    ],
    [
      'signup makes a called subscriber',
      { signup_info: SIGNUP_INFO },
      { activity: 'signup' },
      { status: 'called', status_code: 'signup' },
    ],
  ])('%s', async (_name, start, activity, expected) => {
    const w = callWorld([callRecord(start)]);

    const record = await saveActivity(w, activity);

    expect(record).toMatchObject(expected);
    expect(await w.records.get('acme-motors')).toEqual(record);
  });

  test('end_call stamps the call and hands it to the CRM with the agent', async () => {
    const w = callWorld();

    const record = await saveActivity(w, { activity: 'end_call', activity_id: 'end-0001' });

    expect(record.last_call_at).toBe('2024-06-05T15:00:00.000Z');
    expect(w.handoffs).toEqual([
      expect.objectContaining({
        handoff_id: 'end-0001',
        record_id: 'acme-motors',
        status_text: 'New Call',
        agent: { sub: 'agent-1', email: 'agent@analyticowl.test' },
        ended_at: '2024-06-05T15:00:00.000Z',
      }),
    ]);
  });

  test('every save gets a new updated_at and a history entry naming the agent', async () => {
    const w = callWorld();

    const record = await saveActivity(w, {
      activity: 'notes',
      payload: { notes: 'Call back after lunch' },
    });

    expect(record.notes).toBe('Call back after lunch');
    expect(record.updated_at).toBe('2024-06-05T15:00:00.000Z');
    expect(w.records.history).toEqual([
      expect.objectContaining({
        activity: 'notes',
        agent_sub: 'agent-1',
        record_id: 'acme-motors',
      }),
    ]);
  });
});

describe('info sections', () => {
  test.each([
    [
      'advertiser_info',
      { advertiser_info: { ...ADVERTISER, more_info_sent: true } },
      { first_name: 'Ida', email: 'ida@acme.test' },
      'more_info_sent',
    ],
    [
      'website_info',
      {
        website_info: {
          url: '',
          web_contact_name: '',
          web_company: '',
          web_contact_email: '',
          web_contact_phone: '',
          web_connection_info_sent: true,
        },
      },
      { web_contact_name: 'Wes' },
      'web_connection_info_sent',
    ],
    [
      'agency_info',
      {
        agency_info: {
          agency_contact_name: '',
          agency_company: '',
          agency_contact_email: '',
          agency_contact_phone: '',
          agency_connection_info_sent: true,
        },
      },
      { agency_company: 'Buyers Inc' },
      'agency_connection_info_sent',
    ],
  ] as const)(
    '%s replaces the section and keeps its server-set flag',
    async (activity, start, payload, flag) => {
      const w = callWorld([callRecord(start as Partial<CallRecord>)]);

      const record = await saveActivity(w, { activity, payload } as ActivityRequest);

      expect(record[activity]).toMatchObject({ ...payload, [flag]: true });
    },
  );

  test('stores phones in the call-centre mask', async () => {
    const w = callWorld();

    const record = await saveActivity(w, { activity: 'advertiser_info', payload: ADVERTISER });

    expect(record.advertiser_info.phone).toBe('(555) 123-4567');
  });
});
