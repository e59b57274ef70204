import type { GatedReportSection } from '#shared/billing/report-gates';
import type { BroadcastRow, DimensionKey } from '#shared/contracts/report.schema';
import { callBase } from '#shared/reference/call-sign';
import { dimensionInfo, visibleDimensions } from '#shared/report/dimensions';
import { CreativePlayer } from '../creatives/creative-player';
import { CreativesButton } from '../creatives/creatives-button';
import type { SortState } from '../lib/sort';
import type { TabGroup } from '../lib/tab-groups';
import { VPA_MODE_LABELS, VPA_MODES, type VpaMode } from '../lib/vpa-mode';
import { TopTenTagBadge, useTopTenTags } from '../ratings/top-ten-tag';
import { BreakdownTabs } from './breakdown-tabs';
import { BroadcastTable } from './broadcast-table';
import { LockedSection } from './locked-section';
import type { FilteredView } from './use-report-views';

/** Props of the breakdown card. */
export interface BreakdownCardProps {
  groups: readonly TabGroup[];
  group: TabGroup;
  onGroupChange: (key: string) => void;
  /** The open group's data (tables null while its first load runs). */
  view: FilteredView;
  tab: string;
  onTabChange: (tab: DimensionKey) => void;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  vpaMode: VpaMode;
  onVpaModeChange: (mode: VpaMode) => void;
  /** Show ROI columns. @default true */
  showRoi?: boolean;
  /** Hidden column keys per dimension (settings). @default none */
  hiddenColumns?: Partial<Record<string, readonly string[]>>;
  hasSpots: boolean;
  onDrill: (dimension: DimensionKey, row: BroadcastRow) => void;
  canDrill: (dimension: DimensionKey, row: BroadcastRow) => boolean;
  csvStem: string;
  /**
   * Report sections the server withheld (ReportView `locked_sections`): a locked `creatives`
   * keeps its Creative tab, which shows the locked panel instead of a table. @default none
   */
  locked?: readonly GatedReportSection[];
  /**
   * The client whose creatives the Creative table plays (a Play button per row with media) and,
   * with `canEdit`, edits (the creatives dialog). @default none
   */
  creatives?: { clientUid: string; canEdit: boolean };
}

/**
 * The breakdown card (spec §2 "Report screens"): a station-type group
 * picker (TV & radio, Cable, Streaming, Podcast, when the report has them), the VPA mode, the
 * group's tabs and the open tab's table. Rows drill the whole report. While a group's data
 * load for the first time a fixed-height placeholder holds the space (no layout jump). A
 * Creative tab the caller has not unlocked shows the locked panel with Unlock.
 */
export function BreakdownCard(props: BreakdownCardProps) {
  const { group, view } = props;
  const lockedCreative =
    (props.locked ?? []).includes('creatives') && group.dimensions.includes('creative');
  const shown = view.tables ? visibleDimensions(view.tables, group.dimensions) : [];
  const tabs =
    lockedCreative && view.tables
      ? group.dimensions
          .map(dimensionInfo)
          .filter((d) => d.key === 'creative' || shown.some((s) => s.key === d.key))
      : shown;
  const active = tabs.find((t) => t.key === props.tab) ?? tabs[0] ?? dimensionInfo('daypart');
  const rows = view.tables?.[active.key] ?? [];
  const creatives = active.key === 'creative' ? props.creatives : undefined;
  // Stations in their market's top ten get a "#3 News/Talk" tag (one ratings call per screen).
  const topTen = useTopTenTags(active.key === 'station');
  return (
    <section className="card breakdown" aria-labelledby="breakdown-title" aria-busy={view.pending}>
      <div className="breakdown__head">
        <h2 className="card__title" id="breakdown-title">
          Breakdowns
        </h2>
        {props.groups.length > 1 && (
          <fieldset className="segmented">
            <legend className="visually-hidden">Station types</legend>
            {props.groups.map((g) => (
              <label
                key={g.key}
                className={`segmented__option${g.key === group.key ? ' segmented__option--on' : ''}`}
              >
                <input
                  type="radio"
                  name="tab-group"
                  value={g.key}
                  checked={g.key === group.key}
                  onChange={() => props.onGroupChange(g.key)}
                />
                {g.label}
              </label>
            ))}
          </fieldset>
        )}
        <label className="breakdown__mode">
          <span className="controls__label">Show</span>
          <select
            className="select"
            value={props.vpaMode}
            onChange={(e) => props.onVpaModeChange(e.target.value as VpaMode)}
          >
            {VPA_MODES.map((m) => (
              <option key={m} value={m}>
                {VPA_MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {view.failed && (
        <p className="breakdown__problem" role="alert">
          These rows could not be loaded. Try again, or remove a filter.
        </p>
      )}
      {view.tables === null ? (
        !view.failed && (
          <div className="skeleton skeleton--table" role="status">
            <span className="visually-hidden">Loading {group.label} rows…</span>
          </div>
        )
      ) : (
        <BreakdownTabs
          tabs={tabs}
          active={active.key}
          onChange={(key) => props.onTabChange(key as DimensionKey)}
        >
          {lockedCreative && active.key === 'creative' ? (
            <LockedSection section="creatives" label="Creative" />
          ) : (
            <>
              {creatives?.canEdit && (
                <CreativesButton
                  clientUid={creatives.clientUid}
                  creativeIds={rows.map((r) => r.key)}
                />
              )}
              <BroadcastTable
                key={`${group.key}:${active.key}`}
                dimension={active.key}
                rows={rows}
                sort={props.sort}
                onSortChange={props.onSortChange}
                csvStem={props.csvStem}
                mode={props.vpaMode}
                showRoi={props.showRoi}
                hiddenColumns={props.hiddenColumns?.[active.key]}
                hasSpots={props.hasSpots}
                onDrill={(row) => props.onDrill(active.key, row)}
                canDrill={(row) => props.canDrill(active.key, row)}
                labelExtra={
                  creatives
                    ? (row) => (
                        <CreativePlayer
                          clientUid={creatives.clientUid}
                          creativeId={row.key}
                          label={row.label}
                        />
                      )
                    : active.key === 'station'
                      ? (row) => <TopTenTagBadge tag={topTen.get(callBase(row.label))} />
                      : undefined
                }
              />
            </>
          )}
        </BreakdownTabs>
      )}
    </section>
  );
}
