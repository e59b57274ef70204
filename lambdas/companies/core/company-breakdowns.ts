import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  readableClient,
} from '#shared/companies/companies';
import type { Breakdown, BreakdownResult } from '#shared/contracts/company-client.schema';
import type { StoredReportView } from '#shared/contracts/report.schema';
import type { ReportFiles } from './client-ports';

/**
 * The most of the caller's other reported clients whose latest reports global_data averages
 * (the newest airing first): it bounds the reads of one expand to this many report views.
 */
export const GLOBAL_DATA_MAX_REPORTS = 50;

/** Stations the mini breakdown lists. */
export const TOP_STATIONS = 5;

/** Monday (UTC) of the week of an ISO time, YYYY-MM-DD. */
export function weekStart(iso: string): string {
  const d = new Date(iso);
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

const byCountDesc = <T extends { airings: number }>(rows: T[], key: (r: T) => string) =>
  rows.sort((a, b) => b.airings - a.airings || key(a).localeCompare(key(b)));

/**
 * The mini breakdown of a report (its stored view): summary numbers, airings by media type and
 * the top stations from the station table, and weeks from the summary chart (airings, and visits
 * above the baseline as the attributed visits). lift_pct is the relative lift in percent; money
 * in integer cents.
 */
export function breakdownOfReport(view: StoredReportView): Breakdown {
  const s = view.summary;
  const stations = view.tables.station ?? [];
  const media = new Map<string, number>();
  for (const row of stations) media.set(row.type, (media.get(row.type) ?? 0) + row.ads);
  const weeks = new Map<string, { airings: number; visits: number }>();
  for (const p of view.series.points) {
    const w = weekStart(p.t);
    const cur = weeks.get(w) ?? { airings: 0, visits: 0 };
    cur.airings += p.airings;
    cur.visits += Math.max(0, p.visits - p.baseline);
    weeks.set(w, cur);
  }
  return {
    report_id: view.report_id,
    date_start: view.report_date_start,
    date_end: view.report_date_end,
    airings: s.airings,
    attributed_visits: s.attributed_visits,
    vpa: s.vpa,
    lift_pct: s.relative_lift * 100,
    spend_cents: s.cost_cents,
    cost_per_visit_cents:
      s.cost_per_visit_cents === null ? null : Math.round(s.cost_per_visit_cents),
    by_media: byCountDesc(
      [...media].map(([type, airings]) => ({ type, airings })),
      (r) => r.type,
    ),
    top_stations: byCountDesc(
      stations.map((r) => ({ station: r.label, airings: r.ads, vpa: r.visitsper })),
      (r) => r.station,
    ).slice(0, TOP_STATIONS),
    weeks: [...weeks]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week_start, w]) => ({ week_start, airings: w.airings, visits: w.visits })),
  };
}

/**
 * The mini breakdown of a client without a report: its post-log alone (airings by media type and
 * station as the imports counted them); visits and money are null, weeks empty.
 */
export function breakdownOfClient(client: ClientRecord): Breakdown {
  return {
    report_id: null,
    date_start: client.first_airing_utc?.slice(0, 10) ?? null,
    date_end: client.last_airing_utc?.slice(0, 10) ?? null,
    airings: client.airings,
    attributed_visits: null,
    vpa: null,
    lift_pct: null,
    spend_cents: null,
    cost_per_visit_cents: null,
    by_media: byCountDesc(
      Object.entries(client.media_airings ?? {}).map(([type, airings]) => ({ type, airings })),
      (r) => r.type,
    ),
    top_stations: byCountDesc(
      Object.entries(client.station_airings ?? {}).map(([station, airings]) => ({
        station,
        airings,
        vpa: null,
      })),
      (r) => r.station,
    ).slice(0, TOP_STATIONS),
    weeks: [],
  };
}

const mean = (xs: number[]) =>
  xs.length === 0 ? null : xs.reduce((sum, x) => sum + x, 0) / xs.length;

/**
 * fetch_company_breakdowns (spec §7): the row's mini breakdown, from the client's latest report
 * or, before any, from its post-log; and global_data, the mean VPA and lift of the latest reports
 * of the caller's OTHER reported clients in the organisations they belong to (at most
 * GLOBAL_DATA_MAX_REPORTS, the most recently aired first; absent when there are none), so only
 * clients the caller may see are counted.
 * @throws NotFound('Client') when the client does not exist or the caller cannot view it.
 */
export async function fetchCompanyBreakdowns(
  deps: { companies: CompaniesRepository; reports: Pick<ReportFiles, 'view'> },
  caller: Caller,
  input: { client_uid: string },
): Promise<BreakdownResult> {
  const client = await readableClient(deps.companies, caller, input.client_uid);
  const view = client.latest_report_id
    ? await deps.reports.view(client.client_uid, client.latest_report_id)
    : null;
  const breakdown = view ? breakdownOfReport(view) : breakdownOfClient(client);

  const orgs = [...(await deps.companies.rolesOfUser(caller.userId)).keys()];
  const others = (await Promise.all(orgs.map((o) => deps.companies.listClientsOfOrg(o))))
    .flat()
    .filter((c) => c.client_uid !== client.client_uid && c.latest_report_id && !c.demo)
    .sort((a, b) => (b.last_airing_utc ?? '').localeCompare(a.last_airing_utc ?? ''))
    .slice(0, GLOBAL_DATA_MAX_REPORTS);
  const views = (
    await Promise.all(others.map((c) => deps.reports.view(c.client_uid, c.latest_report_id!)))
  ).filter((v): v is StoredReportView => v !== null);
  return {
    client_uid: client.client_uid,
    breakdown_data: breakdown,
    ...(views.length > 0
      ? {
          global_data: {
            clients: views.length,
            vpa: mean(views.map((v) => v.summary.vpa)),
            lift_pct: mean(views.map((v) => v.summary.relative_lift * 100)),
          },
        }
      : {}),
  };
}
