import type { ReactNode } from 'react';
import type { BroadcastRow, DimensionKey, ReportView } from '#shared/contracts/report.schema';
import { formatDateRange } from '#shared/format';
import { dimensionInfo } from '#shared/report/dimensions';
import { CampaignBar, useScopedCampaign } from '../campaigns/campaign-bar';
import { CampaignPacingPanel } from '../campaigns/campaign-pacing';
import { recordSessionCampaign } from '../campaigns/session-campaign';
import { drillTarget } from '../lib/dimensions';
import { MAX_DRILL, type ReportUrlPatch, type ReportUrlState } from '../lib/report-url';
import { browserTimeZone } from '../lib/series';
import { pickGroup, tabGroups } from '../lib/tab-groups';
import { AdSpendCalculator, type AdSpendInputs } from './ad-spend-calculator';
import { BreakdownCard } from './breakdown-card';
import { FilterChips } from './filter-chips';
import { FootTrafficCard } from './foot-traffic-card';
import { HourlyNotice } from './hourly-notice';
import { KpiTiles } from './kpi-tiles';
import { LockedSection } from './locked-section';
import { OnOffAir } from './on-off-air';
import { ProDigitalSection } from './pro-digital-section';
import { RangePies } from './range-pies';
import { SampleWatermark } from './sample-watermark';
import { SummaryChart } from './summary-chart';
import { TopPerformers } from './top-performers';
import { TopTenBubbles } from './top-ten-bubbles';
import { type Tables, useReportViews } from './use-report-views';

/**
 * Sections of the report body, named as in the report settings' visible-sections map
 * (H2 contract): a section set to false is not rendered. Missing keys show.
 */
export type ReportSection =
  | 'summary'
  | 'chart'
  | 'tables'
  | 'on_off_air'
  | 'top_performers'
  | 'pies'
  | 'bubbles'
  | 'calculator'
  | 'insights'
  | 'industry';

/** Props of a loaded report's body. */
export interface ReportBodyProps {
  report: ReportView;
  /** The report session from the URL (lib/report-url.ts). */
  url: ReportUrlState;
  onUrlChange: (patch: ReportUrlPatch) => void;
  /** Sections to hide (false) - the customize panel's choices. @default every section shown */
  sections?: Partial<Record<ReportSection, boolean>>;
  /** Mount point of the insights panel (the paywall wraps it). @default none */
  insights?: ReactNode;
  /** Mount point of the industry response summary panel (the paywall wraps it). @default none */
  industry?: ReactNode;
  /** Show ROI columns where rows have cost (settings "roi"). @default true */
  showRoi?: boolean;
  /** Hidden column keys per dimension (settings). @default none */
  hiddenColumns?: Partial<Record<string, readonly string[]>>;
  /** Ad-spend calculator starting values and change callback (settings). @default defaults */
  calculator?: { initial?: AdSpendInputs; onChange?: (inputs: AdSpendInputs) => void };
  /** IANA zone for the chart's minute and hour buckets. @default the report's zone, else the browser's */
  timeZone?: string;
  /**
   * The user may edit the client: the foot traffic card offers "Manage locations" (store
   * locations, nicknames, opening hours). @default false
   */
  canManageLocations?: boolean;
}

/** The label of a drill filter's row, looked up in the tables shown (falls back to the key). */
function drillLabel(tables: readonly (Tables | null)[], dimension: DimensionKey, key: string) {
  for (const t of tables) {
    const row = t?.[dimension]?.find((r) => r.key === key);
    if (row) return row.label;
  }
  return key;
}

/**
 * A loaded report in the house order (house-style item 14): filter chips, KPI tiles
 * (with the comparison period), the one time-series chart, the breakdown card (tab groups,
 * tables, drill-down), the foot traffic card when the report has store visits (locked, with
 * Unlock, when the server withheld it), the Pro Digital section (its parts locked likewise; the
 * chart carries a notice when the visits are hourly), then on-air vs off-air, top performers, pies, top-ten bubbles, the
 * ad-spend calculator and the insights / industry mount points. Sample-data reports carry the
 * watermark. Filtered data replace the report's when they arrive; until then the previous
 * data stay (no flashing).
 */
export function ReportBody({
  report,
  url,
  onUrlChange,
  sections = {},
  insights,
  industry,
  showRoi = true,
  hiddenColumns,
  calculator,
  timeZone = report.time_zone ?? browserTimeZone(),
  canManageLocations = false,
}: ReportBodyProps) {
  const shows = (s: ReportSection) => sections[s] !== false;
  const groups = tabGroups(report.station_types, url.type);
  const group = pickGroup(groups, url.group);
  const { main, group: groupView } = useReportViews(
    report,
    url.type,
    url.drill,
    group,
    url.campaign,
  );
  const campaign = useScopedCampaign(report.client_uid, url.campaign);
  // The URL scopes the screen; the report session records each change of campaign.
  const scopeCampaign = (uid: string | null, patch: ReportUrlPatch = {}) => {
    onUrlChange({ ...patch, campaign: uid });
    if ((uid ?? undefined) !== url.campaign) void recordSessionCampaign(report.client_uid, uid);
  };
  const mainTables = main.tables ?? report.tables;
  const lookIn = [report.tables, mainTables, groupView.tables];

  const chips = [
    ...(url.campaign
      ? [{ id: 'campaign', name: 'Campaign', value: campaign?.name ?? 'Loading…' }]
      : []),
    ...(url.type === 'all'
      ? []
      : [{ id: 'type', name: 'Type', value: groups[0]?.label ?? url.type }]),
    ...url.drill.map((f) => ({
      id: `${f.dimension}:${f.key}`,
      name: dimensionInfo(f.dimension).column,
      value: drillLabel(lookIn, f.dimension, f.key),
    })),
  ];
  const isFiltered = (dimension: DimensionKey, row: BroadcastRow) =>
    url.drill.some((f) => f.dimension === dimension && f.key === row.key);
  const drill = (dimension: DimensionKey, row: BroadcastRow) => {
    if (isFiltered(dimension, row) || url.drill.length >= MAX_DRILL) return;
    onUrlChange({
      drill: [...url.drill, { dimension, key: row.key }],
      tab: drillTarget(dimension),
      sort: 'default',
    });
  };
  const comparison =
    main.compare && report.report_compare_date_start && report.report_compare_date_end
      ? {
          summary: main.compare.summary,
          range: formatDateRange(report.report_compare_date_start, report.report_compare_date_end),
        }
      : null;

  return (
    <div className="report-body">
      {report.sample_data && <SampleWatermark />}
      <CampaignBar
        report={report}
        campaignUid={url.campaign}
        onScope={(uid) => scopeCampaign(uid)}
        canEdit={canManageLocations}
      />
      <FilterChips
        chips={chips}
        pending={main.pending || groupView.pending}
        onRemove={(id) =>
          id === 'campaign'
            ? scopeCampaign(null)
            : onUrlChange(
                id === 'type'
                  ? { type: null, group: null }
                  : { drill: url.drill.filter((f) => `${f.dimension}:${f.key}` !== id) },
              )
        }
        onClear={() => scopeCampaign(null, { drill: null, type: null, group: null })}
      />
      {campaign && !main.failed && !main.pending && (
        <CampaignPacingPanel
          campaign={campaign}
          summary={main.summary}
          reportStart={report.report_date_start}
          reportEnd={report.report_date_end}
          onUseFlightDates={() =>
            onUrlChange({ from: campaign.flight_start, to: campaign.flight_end })
          }
        />
      )}
      {main.failed && (
        <p className="breakdown__problem" role="alert">
          The filtered figures could not be loaded; the figures shown are the last ones loaded.
        </p>
      )}
      <div className={`report-body__figures${main.pending ? ' is-pending' : ''}`}>
        {shows('summary') && (
          <KpiTiles
            summary={main.summary}
            windowMinutes={report.settings.window}
            resolution={report.settings.resolution}
            comparison={comparison}
            metric={url.metric}
            onMetricChange={(metric) => onUrlChange({ metric })}
          />
        )}
        {shows('chart') && (
          <SummaryChart
            series={report.series}
            metric={url.metric}
            timeZone={timeZone}
            note={chips.length > 0 ? 'whole campaign, filters not applied' : undefined}
          />
        )}
        <HourlyNotice report={report} />
      </div>
      {shows('tables') && (
        <BreakdownCard
          groups={groups}
          group={group}
          onGroupChange={(key) => onUrlChange({ group: key })}
          view={groupView}
          tab={url.tab}
          onTabChange={(tab) => onUrlChange({ tab, sort: 'default' })}
          sort={url.sort}
          onSortChange={(sort) => onUrlChange({ sort })}
          vpaMode={url.vpa}
          onVpaModeChange={(vpa) => onUrlChange({ vpa, sort: 'default' })}
          showRoi={showRoi}
          hiddenColumns={hiddenColumns}
          hasSpots={url.hasSpots}
          onDrill={drill}
          canDrill={(dimension, row) => !isFiltered(dimension, row) && url.drill.length < MAX_DRILL}
          csvStem={`${report.advertiser} ${report.report_date_start} ${report.report_date_end}`}
          locked={report.locked_sections}
          creatives={{ clientUid: report.client_uid, canEdit: canManageLocations }}
        />
      )}
      {/* Not a settings section (REPORT_SECTIONS): shown whenever the report has foot traffic. */}
      <FootTrafficCard
        view={report}
        note={chips.length > 0 ? 'whole campaign, filters not applied' : undefined}
        locationsClient={
          canManageLocations ? { uid: report.client_uid, name: report.advertiser } : undefined
        }
      />
      {report.locked_sections?.includes('foot_traffic') && (
        <LockedSection section="foot_traffic" label="Foot traffic" card />
      )}
      {/* Not a settings section either: shown whenever the report has one (parts may be locked). */}
      <ProDigitalSection
        section={report.pro_digital}
        locked={report.locked_sections}
        note={chips.length > 0 ? 'whole campaign, filters not applied' : undefined}
      />
      <div className="report-grid">
        {shows('on_off_air') && <OnOffAir summary={main.summary} />}
        {shows('top_performers') && <TopPerformers tables={mainTables} onDrill={drill} />}
      </div>
      {shows('pies') && <RangePies tables={mainTables} />}
      {shows('bubbles') && <TopTenBubbles stations={mainTables.station ?? []} />}
      {shows('calculator') && (
        <AdSpendCalculator
          costPerVisitCents={main.summary.cost_per_visit_cents}
          initial={calculator?.initial}
          onChange={calculator?.onChange}
        />
      )}
      {shows('insights') && insights}
      {shows('industry') && industry}
    </div>
  );
}
