import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { CallRecord } from '#shared/contracts/call-record';
import { ApiError, callRoute } from '../../../web/src/api/client';
import { CallCentrePage } from '../../../web/src/call-centre/call-centre-page';

/** A call record with every field filled; `over` replaces top-level fields. */
export function makeRecord(over: Partial<CallRecord> = {}): CallRecord {
  return {
    id: 'rec-1',
    uid: 'uid-1',
    name: 'Acme Motors',
    industry: 'Automotive',
    industry_id: '1',
    status: 'new',
    status_code: '',
    size: 'medium',
    notes: '',
    not_interested: false,
    do_not_call: false,
    program_list: ['Evening News'],
    markets: ['501'],
    stations: ['WABC', 'WNBC'],
    days_since_first_spot: 400,
    days_since_campaign: 3,
    always_on_air: true,
    competitor_list: [{ id: 'c1', advertiser: 'Zed Cars', spend: 123456, airings: 1500 }],
    industry_summary: { sessions_per_airing: null },
    airings: 320,
    spend: null,
    as_of: '2025-03-09',
    advertiser_info: {
      first_name: '',
      last_name: '',
      email: '',
      address: '',
      address_extended: '',
      city: '',
      state: '',
      zip: '',
      url: '',
      phone: '',
    },
    signup_info: {
      billing_type: '',
      billing_name: '',
      address: '',
      address_extended: '',
      city: '',
      state: '',
      zip: '',
      match_only: false,
      regions: '',
      ad_report_email_address_1: '',
      ad_report_email_address_2: '',
    },
    website_info: {
      url: '',
      web_contact_name: '',
      web_company: '',
      web_contact_email: '',
      web_contact_phone: '',
    },
    agency_info: {
      agency_contact_name: '',
      agency_company: '',
      agency_contact_email: '',
      agency_contact_phone: '',
    },
    followup_info: null,
    signup_price_cents: null,
    calls: 0,
    last_call_at: null,
    updated_at: '2025-03-09T12:00:00Z',
    ...over,
  };
}

/** A 403 as the call-centre routes answer a signed-in non-agent. */
export const forbidden = () => new ApiError('Forbidden.', 'forbidden', 403);

/** One answer per route name; a function gets the input. Unlisted routes reject with a 500. */
export type Answers = Record<string, unknown | ((input: Record<string, unknown>) => unknown)>;

/** Points the mocked callRoute at `answers`; returns the mock for call assertions. */
export function answerWith(answers: Answers) {
  const mock = vi.mocked(callRoute);
  mock.mockImplementation(async (name: string, input: Record<string, unknown> = {}) => {
    if (!(name in answers)) {
      if (name === 'regions') return [];
      throw new ApiError('boom', 'internal', 500);
    }
    const answer = answers[name];
    return typeof answer === 'function' ? answer(input) : answer;
  });
  return mock;
}

/** The calls made to one route, as their inputs. */
export function callsTo(name: string): Array<Record<string, unknown>> {
  return vi
    .mocked(callRoute)
    .mock.calls.filter(([n]) => n === name)
    .map(([, input]) => input ?? {});
}

/** Shows the router's current query for assertions. */
function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

/** Renders the call-centre page at `url` with a fresh SWR cache. */
export function renderCallCentre(url = '/call-centre') {
  const router = createMemoryRouter(
    [
      {
        path: '/call-centre',
        element: (
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <CallCentrePage />
            <Where />
          </SWRConfig>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}
