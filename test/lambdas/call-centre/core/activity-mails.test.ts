import { describe, expect, test } from 'vitest';
import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import {
  type ActivityRequest,
  ADVERTISER,
  callRecord,
  callWorld,
  SIGNUP_INFO,
  saveActivity,
} from '../call-world';

describe('signup', () => {
  test.each([
    ['501', 9999, '$99.99'],
    ['501, 602', 19998, '$199.98'],
    ['501,602,603,604', 39900, '$399.00'],
    ['501,602,603,604,605,606', 39900, '$399.00'],
  ])('regions %s cost %i cents a month, mailed as %s', async (regions, cents, shown) => {
    const w = callWorld([callRecord({ signup_info: { ...SIGNUP_INFO, regions } })]);

    const record = await saveActivity(w, { activity: 'signup' });

    expect(record.signup_price_cents).toBe(cents);
    expect(w.mails).toHaveLength(1);
    expect(w.mails[0]?.to).toBe('reports@acme.test');
    expect(w.mails[0]?.text).toContain(`Monthly price: ${shown}`);
  });

  test.each([
    ['billing_type', '', CALL_MESSAGES.billingType],
    ['billing_name', '', CALL_MESSAGES.billingName],
    ['city', '', CALL_MESSAGES.city],
    ['regions', ' , ', CALL_MESSAGES.regions],
    ['ad_report_email_address_1', '', CALL_MESSAGES.reportEmail],
  ])('refuses a sign-up without %s, naming signup_info.<field>', async (field, value, message) => {
    const w = callWorld([callRecord({ signup_info: { ...SIGNUP_INFO, [field]: value } })]);

    await expect(saveActivity(w, { activity: 'signup' })).rejects.toMatchObject({
      status: 400,
      field: `signup_info.${field}`,
      message,
    });
    expect(w.mails).toEqual([]);
  });

  test('mails plain text naming regions and invoice billing', async () => {
    const w = callWorld([callRecord({ signup_info: SIGNUP_INFO })]);

    await saveActivity(w, { activity: 'signup' });

    const text = w.mails[0]?.text ?? '';
    expect(text).toContain('Regions (DMA codes): 501, 602');
    expect(text).toContain('Billing: Invoice');
    expect(text).not.toMatch(/<[a-z]/i);
  });

  test('for automatic billing says the secure card form follows and asks for no card', async () => {
    const w = callWorld([
      callRecord({ signup_info: { ...SIGNUP_INFO, billing_type: 'automatic' } }),
    ]);

    await saveActivity(w, { activity: 'signup' });

    const text = w.mails[0]?.text ?? '';
    expect(text).toContain('secure card form');
    expect(text).toContain('never send card numbers');
  });

  test('refuses a second sign-up of a subscriber', async () => {
    const w = callWorld([callRecord({ signup_info: SIGNUP_INFO, status_code: 'signup' })]);

    await expect(saveActivity(w, { activity: 'signup' })).rejects.toMatchObject({ status: 409 });
    expect(w.mails).toEqual([]);
  });
});

describe('mails to contacts', () => {
  test('send_more_info mails the advertiser what AnalyticOwl measures and marks it sent', async () => {
    const w = callWorld([
      callRecord({ advertiser_info: { ...ADVERTISER, more_info_sent: false } }),
    ]);

    const record = await saveActivity(w, { activity: 'send_more_info' });

    expect(record.advertiser_info.more_info_sent).toBe(true);
    expect(w.mails[0]?.to).toBe('ada@acme.test');
    expect(w.mails[0]?.text).toMatch(/within 8 minutes/);
    expect(w.mails[0]?.text).toMatch(/Visits per Airing \(VPA\)/);
    expect(w.mails[0]?.text).toContain('$99.99 per month per region');
    expect(w.mails[0]?.text).toContain('$399.00');
  });

  test.each([
    ['send_more_info', {}, 'advertiser_info.email', CALL_MESSAGES.moreInfoEmail],
    [
      'send_connection_instructions',
      { to: 'website' },
      'website_info.web_contact_email',
      CALL_MESSAGES.websiteEmail,
    ],
    [
      'send_connection_instructions',
      { to: 'agency' },
      'agency_info.agency_contact_email',
      CALL_MESSAGES.agencyEmail,
    ],
  ] as const)(
    '%s %o without an address answers 400 on %s',
    async (activity, payload, field, message) => {
      const w = callWorld();

      await expect(saveActivity(w, { activity, payload } as ActivityRequest)).rejects.toMatchObject(
        {
          status: 400,
          field,
          message,
        },
      );
      expect(w.mails).toEqual([]);
    },
  );

  test.each([
    [
      'website',
      {
        website_info: {
          url: '',
          web_contact_name: 'Wes',
          web_company: '',
          web_contact_email: 'web@acme.test',
          web_contact_phone: '',
        },
      },
      'web@acme.test',
      'web_connection_info_sent',
    ],
    [
      'agency',
      {
        agency_info: {
          agency_contact_name: 'Ann',
          agency_company: '',
          agency_contact_email: 'ann@agency.test',
          agency_contact_phone: '',
        },
      },
      'ann@agency.test',
      'agency_connection_info_sent',
    ],
  ] as const)(
    'connection instructions to the %s contact link the all-connect guide',
    async (to, start, address, flag) => {
      const w = callWorld([callRecord(start)]);

      const record = await saveActivity(w, {
        activity: 'send_connection_instructions',
        payload: { to },
      });

      expect(w.mails[0]?.to).toBe(address);
      expect(w.mails[0]?.text).toContain('https://app.analyticowl.test/all-connect');
      expect(w.mails[0]?.text).toContain('Viewer');
      expect(record[to === 'website' ? 'website_info' : 'agency_info']).toMatchObject({
        [flag]: true,
      });
    },
  );
});
