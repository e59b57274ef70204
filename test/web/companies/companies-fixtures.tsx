import type { CompaniesPage, CompanyRow } from '#shared/contracts/companies.schema';
import { DEFAULT_COMPANY_FILTERS } from '#shared/contracts/companies.schema';
import type { BreakdownResult, ClientInfo } from '#shared/contracts/company-client.schema';

/** A task-list row: a connected client with a post-log, overridable field by field. */
export function row(n: number, over: Partial<CompanyRow> = {}): CompanyRow {
  return {
    client_uid: `client-${n}`,
    client_name: `Client ${n}`,
    org_uid: 'org-a',
    is_favorite: false,
    perms: { view: true, edit: true, import: true, share: true, schedule: true },
    shared: false,
    demo: false,
    sample_data: false,
    progress: { postlog: true, visits: false, first_report: false, pct: 33 },
    rep_names: ['Ada Rep'],
    stations: ['WABC', 'WNBC', 'KTLA', 'WGN', 'KCAL'],
    station_count: 7,
    industry: { id: '1', name: 'Automotive' },
    connections: { status: 'connected', properties: 2 },
    ft_locations: 3,
    widgets: ['advertiser_insights', 'foot_traffic'],
    tags: [],
    airings: 120,
    first_airing_utc: '2024-01-02T00:00:00.000Z',
    last_airing_utc: '2024-03-02T00:00:00.000Z',
    latest_report_id: null,
    created_at: '2024-01-01T00:00:00.000Z',
    attention: null,
    ...over,
  };
}

/** A fetch_companies page of `rows`, `total` in all. */
export function page(rows: CompanyRow[], over: Partial<CompaniesPage> = {}): CompaniesPage {
  return {
    clients: rows,
    total_clients: rows.length,
    page: 1,
    page_size: 10,
    perms: { create: true, merge: true },
    filters: DEFAULT_COMPANY_FILTERS,
    tags_list: ['spring', 'vip'],
    share_list: [],
    organization_list: [
      { id: 'org-a', name: 'Acme Media' },
      { id: 'org-b', name: 'Beta Media' },
    ],
    station_group_items: [],
    user_station_groups: [],
    industry_list: [
      { id: '1', name: 'Automotive' },
      { id: '7', name: 'Health' },
    ],
    ...over,
  };
}

/** Rows 1..n. */
export const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => row(from + i));

/** A breakdown with a report, its weeks and the caller's other clients for comparison. */
export function breakdown(clientUid: string): BreakdownResult {
  return {
    client_uid: clientUid,
    breakdown_data: {
      report_id: 'r1',
      date_start: '2024-03-01',
      date_end: '2024-03-31',
      airings: 1500,
      attributed_visits: 420,
      vpa: 0.28,
      lift_pct: 12.5,
      spend_cents: 1_234_500,
      cost_per_visit_cents: 2939,
      by_media: [
        { type: 'TV', airings: 1000 },
        { type: 'Radio', airings: 500 },
      ],
      top_stations: [{ station: 'WABC', airings: 600, vpa: 0.4 }],
      weeks: [
        { week_start: '2024-03-04', airings: 300, visits: 80 },
        { week_start: '2024-03-11', airings: 350, visits: 90 },
      ],
    },
    global_data: { clients: 12, vpa: 0.2, lift_pct: 8 },
  };
}

/** fetch_client_info's client_info of an existing client with two possible reps. */
export function clientInfo(over: Partial<ClientInfo> = {}): ClientInfo {
  return {
    client_uid: 'client-1',
    org_uid: 'org-a',
    name: 'Client 1',
    website: 'client1.com',
    industry_id: '1',
    postlog_timezone: 'America/Chicago',
    attribution_method: 'sessions',
    tags: ['vip'],
    rep_uids: ['u-ada'],
    reps: [
      { id: 'u-ada', name: 'Ada Rep' },
      { id: 'u-bob', name: 'Bob Rep' },
    ],
    perms: { view: true, edit: true, import: true, share: true, schedule: true },
    goals_and_objectives: { ad_spend_cents: null },
    return_calculator: null,
    ga_websites: [],
    lite_website: null,
    demo: false,
    airings: 120,
    report_schedules: [],
    ...over,
  };
}
