import { useMemo, useState } from 'react';
import type { DimensionKey, ReportSummary, ReportView } from '#shared/contracts/report.schema';
import { abbreviate, floorAtZero, formatCents, formatPercent, formatRatio } from '#shared/format';
import { OUTSIDE_HOURS_NOTE } from '#shared/print/print-foot-traffic';
import { dimensionInfo } from '#shared/report/dimensions';
import { visibleRows } from '#shared/report/table-rows';
import { formatSignedPercent, rawTitle } from '../lib/format';
import { defaultSort, type SortState } from '../lib/sort';
import { LocationsDialog } from '../locations/locations-dialog';
import { BreakdownTabs } from './breakdown-tabs';
import { BroadcastTable } from './broadcast-table';
import { LocationsTable } from './foot-traffic-locations';
import { type Tile, TileContent } from './kpi-tiles';

/** The dimension tabs of the card, in order; the Locations tab follows them. */
const FOOT_DIMENSIONS: readonly DimensionKey[] = [
  'daypart',
  'day_of_week',
  'station',
  'program',
  'creative',
];

/** Key of the Locations tab (not a report dimension). */
const LOCATIONS = 'locations';

/** Broadcast-table headers that say store visits where the web tables say visits. */
const STORE_LABELS: Partial<Record<string, string>> = {
  traffic: 'Store visits',
  visitsper: 'Store VPA',
  cost_per_visit_cents: 'Cost per store visit',
  roi_raw: 'ROI (store visits per $)',
  traffic_share: 'Share of store visits',
};

/**
 * Below this many expected store visits (Σ baseline over the airings' windows) the whole result
 * is "directional": the rule the engine applies to table rows (ΣE < 5, lambdas/attribution/core/
 * report.ts), applied to the summary.
 */
export const FOOT_TRAFFIC_MIN_EXPECTED = 5;

/**
 * Where the response is counted, in words: minute data counts the `windowMinutes` after an
 * airing; hourly data counts every clock hour those minutes touch (method note §5.2).
 */
export function windowWords(windowMinutes: number, resolution: 'minute' | 'hour'): string {
  return resolution === 'hour'
    ? `in the clock hour of an airing (hourly data)`
    : `within ${windowMinutes} minutes of an airing`;
}

/**
 * The foot-traffic KPI tiles: store visits, attributed store
 * visits (floored at 0, raw on hover), store visits per airing (2 decimals), share of store
 * visits, and significant airings of all airings with an honest note: "Directional" when the
 * expected store visits are thin, else whether the 5% lift claim holds at 95%.
 */
export function footTrafficTiles(
  s: ReportSummary,
  windowMinutes: number,
  resolution: 'minute' | 'hour' = 'minute',
): Tile[] {
  const thin = s.expected_visits < FOOT_TRAFFIC_MIN_EXPECTED;
  const within = windowWords(windowMinutes, resolution);
  const claim = s.claim_holds
    ? `95% confidence store visits rise at least 5% ${within}`
    : `Not enough evidence yet that store visits rise 5% ${within} (95% confidence)`;
  return [
    {
      label: 'Store visits',
      value: abbreviate(s.total_visits),
      title: s.total_visits.toLocaleString('en-US'),
      sub: 'Counted by the location panel',
    },
    {
      label: 'Attributed store visits',
      value: abbreviate(floorAtZero(s.attributed_visits)),
      title: rawTitle(s.attributed_visits) ?? s.attributed_visits.toFixed(1),
      sub: `${within[0]?.toUpperCase()}${within.slice(1)}`,
    },
    {
      label: 'Store visits per airing',
      value: formatRatio(floorAtZero(s.vpa)),
      title: rawTitle(s.vpa, 4) ?? s.vpa.toFixed(4),
      sub:
        s.cost_per_visit_cents !== null
          ? `Cost per store visit ${formatCents(s.cost_per_visit_cents)}`
          : 'Attributed store visits / airings',
    },
    {
      label: 'Share of store visits',
      value: formatPercent(floorAtZero(s.lift_share)),
      title: rawTitle(s.lift_share, 4) ?? `${(s.lift_share * 100).toFixed(2)}% of all store visits`,
      sub: `Relative lift ${formatSignedPercent(s.relative_lift)} (95% low ${formatSignedPercent(s.relative_lift_low)})`,
    },
    {
      label: 'Significant airings',
      value: `${abbreviate(s.significant_airings)} of ${abbreviate(s.airings)}`,
      title: `${s.significant_airings.toLocaleString('en-US')} of ${s.airings.toLocaleString('en-US')} airings`,
      sub: 'With a significant store-visit response',
      note: thin
        ? {
            text: 'Directional',
            good: false,
            title: `Fewer than ${FOOT_TRAFFIC_MIN_EXPECTED} store visits expected in the windows: too few to be sure`,
          }
        : {
            text: s.claim_holds ? 'Significant at 95%' : 'Not yet significant',
            good: s.claim_holds,
            title: claim,
          },
    },
  ];
}

/** The report fields the card reads (get_report's ReportView fits). */
export type FootTrafficView = Pick<
  ReportView,
  'foot_traffic' | 'settings' | 'advertiser' | 'report_date_start' | 'report_date_end'
>;

/** Props of {@link FootTrafficCard}. */
export interface FootTrafficCardProps {
  view: FootTrafficView;
  /** A hint after the title, e.g. that drill filters do not apply here. @default none */
  note?: string;
  /**
   * The client whose store locations a "Manage locations" button opens (callers pass it only to
   * users with the edit permission). @default none: no button
   */
  locationsClient?: { uid: string; name: string };
}

/**
 * The Foot traffic card (foot-traffic visits as a second response source where a client has
 * them, shown as its own tab): the same attribution run over store visits from
 * the location panel. KPI tiles, then tabs (Daypart, Day of week, Station, Program, Creative,
 * Locations; empty ones hidden) with the broadcast tables (store-visit headings, sortable, no
 * drill-down: the filters drill the web report) and the locations table. Renders nothing
 * without foot traffic; says so when the period has no airings. Tab and sort live in the card
 * (not the URL).
 */
export function FootTrafficCard({ view, note, locationsClient }: FootTrafficCardProps) {
  const foot = view.foot_traffic;
  const tabs = useMemo(() => {
    if (!foot) return [];
    const dims = FOOT_DIMENSIONS.filter(
      (key) => visibleRows(key, foot.tables[key] ?? []).length > 0,
    ).map((key) => ({ key: key as string, tab: dimensionInfo(key).tab }));
    return foot.locations.length > 0 ? [...dims, { key: LOCATIONS, tab: 'Locations' }] : dims;
  }, [foot]);
  const [tab, setTab] = useState(() => tabs[0]?.key ?? LOCATIONS);
  const [sort, setSort] = useState<SortState>(() => defaultSort(tabs[0]?.key ?? LOCATIONS));
  const [managing, setManaging] = useState(false);
  if (!foot) return null;

  const active = tabs.find((t) => t.key === tab) ?? tabs[0];
  const windowMinutes = view.settings.window;
  const noAirings = foot.summary.airings === 0;
  const changeTab = (key: string) => {
    setTab(key);
    setSort(defaultSort(key));
  };
  return (
    <section className="card foot-traffic" aria-labelledby="foot-traffic-title">
      <h2 className="card__title" id="foot-traffic-title">
        Foot traffic
        {note && <span className="card__hint"> · {note}</span>}
      </h2>
      {locationsClient && (
        <div className="foot-traffic__manage">
          <button type="button" className="button" onClick={() => setManaging(true)}>
            Manage locations
          </button>
          <LocationsDialog
            clientUid={locationsClient.uid}
            clientName={locationsClient.name}
            open={managing}
            onClose={() => setManaging(false)}
          />
        </div>
      )}
      <p className="foot-traffic__lead">
        {foot.resolution === 'hour' ? (
          <>
            Store visits from the location panel, attributed to the same airings by the clock hour
            each aired in.
            <span className="foot-traffic__hourly">
              {' '}
              Hourly data: wider intervals than minute data.
            </span>
          </>
        ) : (
          <>
            Store visits from the location panel, attributed to the same airings within the{' '}
            {windowMinutes}-minute window.
          </>
        )}
        {foot.outside_hours_excluded && (
          <span className="foot-traffic__hours"> {OUTSIDE_HOURS_NOTE}</span>
        )}
      </p>
      {noAirings ? (
        <p className="table-empty">
          No airings in this period, so no store visits could be attributed to them.
        </p>
      ) : (
        <section className="kpis foot-traffic__kpis" aria-label="Foot traffic figures">
          {footTrafficTiles(foot.summary, windowMinutes, foot.resolution).map((tile) => (
            <div key={tile.label} className="kpi" data-testid="foot-traffic-tile">
              <TileContent tile={tile} />
            </div>
          ))}
        </section>
      )}
      {active && (
        <BreakdownTabs
          tabs={tabs}
          active={active.key}
          onChange={changeTab}
          label="Foot traffic breakdowns"
          idPrefix="foot-traffic-"
        >
          {active.key === LOCATIONS ? (
            <LocationsTable locations={foot.locations} />
          ) : (
            <BroadcastTable
              key={active.key}
              dimension={active.key}
              rows={foot.tables[active.key as DimensionKey] ?? []}
              sort={sort}
              onSortChange={setSort}
              csvStem={`${view.advertiser} foot traffic ${view.report_date_start} ${view.report_date_end}`}
              columnLabels={STORE_LABELS}
            />
          )}
        </BreakdownTabs>
      )}
    </section>
  );
}
