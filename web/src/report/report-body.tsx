import type { ReportView } from '../../../layers/shared/contracts/report.schema';
import { dimensionInfo, visibleDimensions } from '../lib/dimensions';
import { type SortState, sortRows } from '../lib/sort';
import { BreakdownTabs } from './breakdown-tabs';
import { BroadcastTable } from './broadcast-table';
import { KpiTiles } from './kpi-tiles';
import { SampleWatermark } from './sample-watermark';
import { VpaChart } from './vpa-chart';

/** Props of a loaded report's body. */
export interface ReportBodyProps {
  report: ReportView;
  tab: string;
  sort: SortState;
  onTabChange: (tab: string) => void;
  onSortChange: (sort: SortState) => void;
}

/**
 * A loaded report in the house order (item 14): KPI tiles, one chart (VPA of the open tab's
 * rows), then the breakdown tabs with their table. Sample-data reports carry the watermark.
 */
export function ReportBody({ report, tab, sort, onTabChange, onSortChange }: ReportBodyProps) {
  const tabs = visibleDimensions(report.tables);
  const active = tabs.find((t) => t.key === tab) ?? tabs[0] ?? dimensionInfo('daypart');
  const rows = report.tables[active.key] ?? [];
  return (
    <div className="report-body">
      {report.sample_data && <SampleWatermark />}
      <KpiTiles summary={report.summary} windowMinutes={report.settings.window} />
      <VpaChart rows={sortRows(rows, sort)} dimensionLabel={active.tab} />
      <section className="card" aria-label="Breakdowns">
        <BreakdownTabs tabs={tabs} active={active.key} onChange={onTabChange}>
          <BroadcastTable
            key={active.key}
            dimension={active.key}
            rows={rows}
            sort={sort}
            onSortChange={onSortChange}
            csvStem={`${report.advertiser} ${report.report_date_start} ${report.report_date_end}`}
          />
        </BreakdownTabs>
      </section>
    </div>
  );
}
