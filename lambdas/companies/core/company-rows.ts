import type { AvailableProducts } from '#shared/billing/available-products';
import type { ClientRecord } from '#shared/companies/companies';
import type { PermsMap } from '#shared/contracts/account.schema';
import type { Attention, CompanyRow, Onboarding, Widget } from '#shared/contracts/companies.schema';
import type { ConnectionStatus } from '#shared/contracts/connections.schema';
import type { IndustryIndex } from './company-list-ports';

/** Stations a row names (the rest only counted). */
export const ROW_STATIONS = 5;

/**
 * A task-list row as fetch_companies returns it: the spec's columns (companyRowSchema) plus the
 * older list fields the report screen's client picker reads (`name`, `connection_status`).
 */
export type CompanyListRow = CompanyRow & { name: string; connection_status: ConnectionStatus };

/** A client's connection status; absent = not_connected. */
export const statusOf = (c: ClientRecord): ConnectionStatus =>
  c.connection_status ?? 'not_connected';

/**
 * Onboarding progress (the progress column): post-log imported (some airing), visits (visits
 * landed or a connection that pulls: connected or lite_connected), first report run.
 * `pct` is the share of the three steps done, rounded: 0, 33, 67 or 100.
 */
export function onboardingOf(c: ClientRecord): Onboarding {
  const postlog = c.airings > 0;
  const status = statusOf(c);
  const visits = c.has_visits === true || status === 'connected' || status === 'lite_connected';
  const firstReport = c.latest_report_id !== null;
  const done = [postlog, visits, firstReport].filter(Boolean).length;
  return { postlog, visits, first_report: firstReport, pct: Math.round((done * 100) / 3) };
}

/**
 * Per record, computed once: records of cached client lists are the same objects request after
 * request, so a list of 1,000 clients is not sorted station by station on every call.
 */
const stationsMemo = new WeakMap<ClientRecord, readonly string[]>();

/** Call signs by airings, most first (ties by call sign), from station_airings. */
export function stationsByAirings(c: ClientRecord): readonly string[] {
  let out = stationsMemo.get(c);
  if (!out) {
    out = Object.entries(c.station_airings ?? {})
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([s]) => s);
    stationsMemo.set(c, out);
  }
  return out;
}

const industryMemo = new WeakMap<AvailableProducts, boolean>();
/** Any industry_insights_* flag on (once per flags object: one per organisation a request). */
function hasIndustryInsights(p: AvailableProducts): boolean {
  let on = industryMemo.get(p);
  if (on === undefined) {
    on = Object.entries(p).some(([k, v]) => k.startsWith('industry_insights') && v === true);
    industryMemo.set(p, on);
  }
  return on;
}

/**
 * The products a client has (the widgets column), from its organisation's flags: Advertiser
 * Insights (competitive_data), Industry Insights (any industry_insights_* flag), Pro Digital
 * (pro_web), foot traffic (pro_foot_traffic, or store locations of its own), and `sample` for
 * sample data. A demo client shows every product (spec §6: demo counts as having analytics).
 */
export function widgetsOf(c: ClientRecord, products: AvailableProducts | undefined): Widget[] {
  const p = products;
  const all = c.demo;
  const out: Widget[] = [];
  if (all || p?.competitive_data) out.push('advertiser_insights');
  if (all || (p && hasIndustryInsights(p))) out.push('industry_insights');
  if (all || p?.pro_web) out.push('pro_digital');
  if (all || p?.pro_foot_traffic || (c.ft_locations ?? 0) > 0) out.push('foot_traffic');
  if (c.sample_data) out.push('sample');
  return out;
}

/**
 * Why a row needs attention and what to do, first match wins: the connection lost its access
 * (reconnect), the latest report failed (run it again), the latest post-log import failed
 * (upload again). An empty error text counts as none (how a success clears it).
 */
export function attentionOf(c: ClientRecord): Attention {
  if (statusOf(c) === 'connected_invalid')
    return {
      kind: 'connection_invalid',
      message: 'The analytics connection lost its access. Reconnect it to keep visits flowing.',
      action: 'reconnect',
    };
  if (c.latest_report_error)
    return { kind: 'report_failed', message: c.latest_report_error, action: 'run_report' };
  if (c.latest_import_error)
    return { kind: 'import_failed', message: c.latest_import_error, action: 'upload_postlog' };
  return null;
}

/** What a row needs besides the client record. */
export interface RowContext {
  perms: PermsMap;
  shared: boolean;
  favorite: boolean;
  products: AvailableProducts | undefined;
  industries: IndustryIndex;
}

/** The parts of a row that depend on the record alone (and the taxonomy). */
type BaseRow = Omit<CompanyListRow, 'perms' | 'shared' | 'is_favorite' | 'widgets'>;
const baseMemo = new WeakMap<ClientRecord, { industries: IndustryIndex; row: BaseRow }>();

function baseRow(c: ClientRecord, industries: IndustryIndex): BaseRow {
  const hit = baseMemo.get(c);
  if (hit && hit.industries === industries) return hit.row;
  const stations = stationsByAirings(c);
  const industry = c.industry_id ? industries.get(c.industry_id) : undefined;
  const status = statusOf(c);
  const row: BaseRow = {
    client_uid: c.client_uid,
    client_name: c.name,
    name: c.name,
    org_uid: c.org_uid,
    demo: c.demo,
    sample_data: c.sample_data,
    progress: onboardingOf(c),
    rep_names: c.rep_names ?? [],
    stations: stations.slice(0, ROW_STATIONS),
    station_count: stations.length,
    industry: c.industry_id ? { id: c.industry_id, name: industry?.name ?? c.industry_id } : null,
    connections: { status, properties: c.connected_properties ?? 0 },
    connection_status: status,
    ft_locations: c.ft_locations ?? 0,
    tags: c.tags ?? [],
    airings: c.airings,
    first_airing_utc: c.first_airing_utc,
    last_airing_utc: c.last_airing_utc,
    latest_report_id: c.latest_report_id,
    created_at: c.created_at,
    attention: attentionOf(c),
  };
  baseMemo.set(c, { industries, row });
  return row;
}

/**
 * The task-list row of a client (see CompanyListRow). The record's own parts are computed once
 * per record object (cached client lists hand out the same objects until a client changes);
 * perms, favourite, shared and widgets are the caller's.
 */
export function toRow(c: ClientRecord, ctx: RowContext): CompanyListRow {
  return {
    ...baseRow(c, ctx.industries),
    is_favorite: ctx.favorite,
    perms: ctx.perms,
    shared: ctx.shared,
    widgets: widgetsOf(c, ctx.products),
  };
}
